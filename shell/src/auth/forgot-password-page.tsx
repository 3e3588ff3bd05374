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
import { AuthPageShell } from './auth-page-shell.tsx';
import { BackToSignIn } from './back-to-sign-in.tsx';
import { FORGOT_PASSWORD_FLOWS, type TForgotPasswordFlow } from './password-flows.ts';

/**
 * A password reset request: the administrator's (/admin/forgot-password) or everyone's
 * (/forgot-password). Both answer alike whether or not an account has the address.
 */
export function ForgotPasswordPage({ flow }: { flow: TForgotPasswordFlow }) {
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
      toast({ title: 'Password Reset Requested', description: 'Check your email for reset instructions.' });
    },
    onError: (error) => {
      setFailure(serverMessage(error) ?? 'Failed to process password reset request. Please try again.');
    },
  });

  if (sentTo !== null) {
    return (
      <AuthPageShell
        tone={text.tone}
        icon={MailCheck}
        title="Reset Link Sent"
        description="Check your inbox"
        footer={footer}
      >
        <div className="space-y-4 text-center text-sm">
          <p className="text-muted-foreground">
            {text.sentLead} <span className="font-medium text-foreground">{sentTo}</span>, you will receive
            password reset instructions within a few minutes.
          </p>
          <p className="text-muted-foreground">
            The link expires after {RESET_TOKEN_TTL_MS / 60_000} minutes and works once.
          </p>
          <Button asChild variant="outline" className="w-full">
            <Link to={text.screens.signIn}>Return to sign in</Link>
          </Button>
        </div>
      </AuthPageShell>
    );
  }

  return (
    <AuthPageShell
      tone={text.tone}
      icon={KeyRound}
      title="Forgot password"
      description={text.description}
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
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            placeholder={text.placeholder}
          />
          <Button type="submit" className="w-full" disabled={request.isPending}>
            {request.isPending && <Spinner aria-label="Sending reset link" />}
            {request.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </form>
      </Form>
    </AuthPageShell>
  );
}
