import { ADMIN_API_PATHS, type TTestMailRequest, type TTestMailResponse } from '@helpdesk/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  ApiRequestError,
  apiRequest,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  handleSessionEnded,
  Input,
  Label,
  Spinner,
  serverMessage,
} from '@helpdesk/shared-ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useFeedbackT } from '../feedback/messages.ts';
import { useSettingsT } from './messages.ts';

/**
 * Settings' "Test the mail server" card: sends one mail now through the server in effect and shows what
 * happened, in words, right here. A success also ticks "Mail server" on the first-day checklist.
 */
export function TestMailCard() {
  const queryClient = useQueryClient();
  const [to, setTo] = useState('');
  const t = useSettingsT();
  const feedbackT = useFeedbackT();
  const send = useMutation({
    mutationFn: (body: TTestMailRequest) =>
      apiRequest<TTestMailResponse>('POST', ADMIN_API_PATHS.adminSettingsTestMail, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [ADMIN_API_PATHS.adminOnboarding] }),
        queryClient.invalidateQueries({ queryKey: [ADMIN_API_PATHS.adminAuditLogs] }),
      ]),
    onError: (error) => void handleSessionEnded(error),
  });
  const fieldError = send.error instanceof ApiRequestError ? send.error.fields?.to : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = to.trim();
    send.mutate(address === '' ? {} : { to: address });
  };

  return (
    <Card data-testid="test-mail">
      <CardHeader>
        <CardTitle>{t('testMail.title')}</CardTitle>
        <CardDescription>{t('testMail.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submit} noValidate>
          <div className="flex flex-1 flex-col gap-2">
            <Label htmlFor="test-mail-to">{t('testMail.to')}</Label>
            <Input
              id="test-mail-to"
              type="email"
              placeholder={t('testMail.toPlaceholder')}
              value={to}
              onChange={(event) => setTo(event.target.value)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? 'test-mail-to-error' : undefined}
            />
          </div>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending && <Spinner aria-label={t('testMail.sendingLabel')} />}
            {send.isPending ? t('testMail.sending') : t('testMail.send')}
          </Button>
        </form>
        {fieldError ? (
          <p id="test-mail-to-error" className="text-destructive text-sm">
            {fieldError}
          </p>
        ) : null}
        <div aria-live="polite">
          {send.isSuccess ? (
            <Alert>
              <CircleCheck aria-hidden />
              <AlertTitle>{t('testMail.sent', { recipient: send.data.recipient })}</AlertTitle>
              <AlertDescription>{t('testMail.accepted', { server: send.data.server })}</AlertDescription>
            </Alert>
          ) : send.isError && !fieldError ? (
            <Alert variant="destructive">
              <TriangleAlert aria-hidden />
              <AlertTitle>{t('testMail.error')}</AlertTitle>
              <AlertDescription>
                {serverMessage(send.error) ?? feedbackT('feedback.tryAgain')}
              </AlertDescription>
            </Alert>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
