import {
  measurePasswordStrength,
  type TResetPasswordRequest,
  ZResetPasswordRequest,
} from '@helpdesk/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  apiRequest,
  Button,
  Spinner,
  serverMessage,
  toast,
} from '@helpdesk/shared-ui';
import { Form } from '@helpdesk/shared-ui/form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleAlert, CircleCheck, KeyRound, LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { AuthPageShell } from './auth-page-shell.tsx';
import { BackToSignIn } from './back-to-sign-in.tsx';
import { useAuthT } from './messages.ts';
import { PasswordField } from './password-field.tsx';
import { SET_PASSWORD_FLOWS, type TSetPasswordFlow } from './password-flows.ts';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

type TFlowProps = { flow: TSetPasswordFlow };

function FlowFooter({ flow }: TFlowProps) {
  const text = SET_PASSWORD_FLOWS[flow];
  return <BackToSignIn to={text.screens.signIn} label={text.backLabel} tone={text.tone} />;
}

/**
 * A new password from a mailed link (?token=...): the administrator's reset (/admin/reset-password),
 * everyone's reset (/reset-password) or an invitation's first password (/set-password).
 */
export function ResetPasswordPage({ flow, token }: TFlowProps & { token: string | null }) {
  const t = useAuthT();
  const text = SET_PASSWORD_FLOWS[flow];
  if (!token) {
    return (
      <AuthPageShell
        tone={text.tone}
        icon={LinkIcon}
        title={t(text.title)}
        description={t(text.description)}
        footer={<FlowFooter flow={flow} />}
      >
        <div className="space-y-4">
          <Alert variant="destructive" data-testid="invalid-reset-link">
            <CircleAlert className="size-4" aria-hidden />
            <AlertDescription>{t(text.invalidLink)}</AlertDescription>
          </Alert>
          {text.newLinkLabel && (
            <Button asChild className="w-full">
              <Link to={text.screens.forgotPassword}>{t(text.newLinkLabel)}</Link>
            </Button>
          )}
        </div>
      </AuthPageShell>
    );
  }
  return <ResetPasswordForm flow={flow} token={token} />;
}

function ResetPasswordForm({ flow, token }: TFlowProps & { token: string }) {
  const t = useAuthT();
  const text = SET_PASSWORD_FLOWS[flow];
  const [isDone, setIsDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ZResetPasswordRequest),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const password = useWatch({ control: form.control, name: 'password' });
  const isStrong = measurePasswordStrength(password).isStrong;

  const reset = useMutation({
    mutationFn: (body: TResetPasswordRequest) => apiRequest<unknown>('POST', text.apiPath, body),
    onSuccess: () => {
      setFailure(null);
      setIsDone(true);
      toast({ title: t(text.successToast.title), description: t(text.successToast.description) });
    },
    onError: (error) => {
      setFailure(serverMessage(error) ?? t(text.failureFallback));
    },
  });

  if (isDone) {
    return (
      <AuthPageShell
        tone={text.tone}
        icon={CircleCheck}
        title={t(text.doneTitle)}
        description={t(text.doneDescription)}
      >
        <div className="space-y-4 text-center text-sm">
          <p className="text-muted-foreground">{t(text.doneText)}</p>
          <Button asChild className="w-full">
            <Link to={text.screens.signIn}>{t(text.signInLabel)}</Link>
          </Button>
        </div>
      </AuthPageShell>
    );
  }

  return (
    <AuthPageShell
      tone={text.tone}
      icon={KeyRound}
      title={t(text.title)}
      description={t(text.description)}
      footer={<FlowFooter flow={flow} />}
    >
      <Form {...form}>
        <form onSubmit={form.handleSubmit((values) => reset.mutate(values))} className="space-y-4" noValidate>
          {failure && (
            <Alert variant="destructive" data-testid="reset-password-error">
              <CircleAlert className="size-4" aria-hidden />
              <AlertTitle>{t(text.failureTitle)}</AlertTitle>
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          )}
          <PasswordField
            control={form.control}
            name="password"
            label={t('setPassword.newPassword')}
            autoComplete="new-password"
            autoFocus
          />
          <PasswordStrengthMeter password={password} />
          <PasswordField
            control={form.control}
            name="confirmPassword"
            label={t('register.confirmPassword')}
            autoComplete="new-password"
          />
          {form.formState.errors.token && (
            <p className="text-destructive text-sm">{form.formState.errors.token.message}</p>
          )}
          <Button type="submit" className="w-full" disabled={!isStrong || reset.isPending}>
            {reset.isPending && <Spinner aria-label={t(text.pendingLabel)} />}
            {reset.isPending ? t(text.pendingLabel) : t(text.submitLabel)}
          </Button>
        </form>
      </Form>
    </AuthPageShell>
  );
}
