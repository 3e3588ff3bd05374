import { type TChangePasswordRequest, ZChangePasswordRequest } from '@helpdesk/contracts';
import { API_PATHS } from '@helpdesk/contracts/constants';
import {
  Alert,
  AlertDescription,
  apiRequest,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  handleSessionEnded,
  Spinner,
  serverMessage,
  toast,
} from '@helpdesk/shared-ui';
import { Form } from '@helpdesk/shared-ui/form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField } from '../auth/password-field.tsx';
import { useProfileT } from './messages.ts';

const EMPTY: TChangePasswordRequest = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password: the current one is checked by the server, the form resets on success. */
export function ChangePasswordForm() {
  const t = useProfileT();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ZChangePasswordRequest), defaultValues: EMPTY });

  const change = useMutation({
    mutationFn: (body: TChangePasswordRequest) =>
      apiRequest<unknown>('POST', API_PATHS.authChangePassword, body),
    onSuccess: () => {
      setFailure(null);
      form.reset(EMPTY);
      toast({ title: t('changePassword.done'), description: t('changePassword.doneDescription') });
    },
    onError: (error) => {
      if (handleSessionEnded(error)) return;
      setFailure(serverMessage(error) ?? t('changePassword.failed'));
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('changePassword.title')}</CardTitle>
        <CardDescription>{t('changePassword.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            onSubmit={form.handleSubmit((values) => change.mutate(values))}
            className="space-y-4"
            noValidate
          >
            {failure && (
              <Alert variant="destructive" data-testid="change-password-error">
                <CircleAlert className="size-4" aria-hidden />
                <AlertDescription>{failure}</AlertDescription>
              </Alert>
            )}
            <PasswordField
              control={form.control}
              name="currentPassword"
              label={t('changePassword.current')}
              autoComplete="current-password"
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <PasswordField
                control={form.control}
                name="newPassword"
                label={t('changePassword.new')}
                autoComplete="new-password"
              />
              <PasswordField
                control={form.control}
                name="confirmPassword"
                label={t('changePassword.confirm')}
                autoComplete="new-password"
              />
            </div>
            <div className="flex justify-end">
              <Button type="submit" disabled={change.isPending}>
                {change.isPending && <Spinner aria-label={t('changePassword.changingLabel')} />}
                {change.isPending ? t('changePassword.changing') : t('changePassword.submit')}
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
