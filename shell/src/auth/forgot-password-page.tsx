import { type TForgotPasswordRequest, ZForgotPasswordRequest } from '@helpdesk/contracts';
import { RESET_TOKEN_TTL_MS } from '@helpdesk/contracts/constants';
import {
  Alert,
  AlertDescription,
  apiRequest,
  Button,
  Spinner,
  serverMessage,
  toast,
} from '@helpdesk/shared-ui';
import { Form } from '@helpdesk/shared-ui/form';
import { FormTextField } from '@helpdesk/shared-ui/form-text-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleAlert, KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { aroundPart, PART_MARK } from '../locales/shell-catalog.ts';
import { AuthPageShell } from './auth-page-shell.tsx';
import { BackToSignIn } from './back-to-sign-in.tsx';
import { useAuthT } from './messages.ts';
import { FORGOT_PASSWORD_FLOWS, type TForgotPasswordFlow } from './password-flows.ts';

/**
 * A password reset request: the administrator's (/admin/forgot-password) or everyone's
 * (/forgot-password). Both answer alike whether or not an account has the address.
 */
export function ForgotPasswordPage({ flow }: { flow: TForgotPasswordFlow }) {
  const t = useAuthT();
  const text = FORGOT_PASSWORD_FLOWS[flow];
  const footer = <BackToSignIn to={text.screens.signIn} label={text.backLabel} tone={text.tone} />;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ZForgotPasswordRequest), defaultValues: { email: '' } });

  const request = useMutation({
    mutationFn: (body: TForgotPasswordRequest) => apiRequest<unknown>('POST', text.apiPath, body),
    onSuccess: (_answer, body) => {
      setFailure(null);
      setSentTo(body.email);
      toast({ title: t('forgot.requestedTitle'), description: t('forgot.requestedDescription') });
    },
    onError: (error) => {
      setFailure(serverMessage(error) ?? t('forgot.failed'));
    },
  });

  if (sentTo !== null) {
    const [before, after] = aroundPart(t(text.sent, { email: PART_MARK }));
    return (
      <AuthPageShell
        tone={text.tone}
        icon={MailCheck}
        title={t('forgot.sentTitle')}
        description={t('forgot.sentDescription')}
        footer={footer}
      >
        <div className="space-y-4 text-center text-sm">
          <p className="text-muted-foreground">
            {before}
            <span className="font-medium text-foreground">{sentTo}</span>
            {after}
          </p>
          <p className="text-muted-foreground">
            {t('forgot.expires', { minutes: RESET_TOKEN_TTL_MS / 60_000 })}
          </p>
          <Button asChild variant="outline" className="w-full">
            <Link to={text.screens.signIn}>{t('forgot.returnToSignIn')}</Link>
          </Button>
        </div>
      </AuthPageShell>
    );
  }

  return (
    <AuthPageShell
      tone={text.tone}
      icon={KeyRound}
      title={t('forgot.title')}
      description={t(text.description)}
      footer={footer}
    >
      <Form {...form}>
        <form
          onSubmit={form.handleSubmit((values) => request.mutate(values))}
          className="space-y-4"
          noValidate
        >
          {failure && (
            <Alert variant="destructive" data-testid="forgot-password-error">
              <CircleAlert className="size-4" aria-hidden />
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          )}
          <FormTextField
            control={form.control}
            name="email"
            label={t('register.email')}
            type="email"
            autoComplete="email"
            autoFocus
            placeholder={t(text.placeholder)}
          />
          <Button type="submit" className="w-full" disabled={request.isPending}>
            {request.isPending && <Spinner aria-label={t('forgot.sendingLabel')} />}
            {request.isPending ? t('forgot.sending') : t('forgot.submit')}
          </Button>
        </form>
      </Form>
    </AuthPageShell>
  );
}
