import {
  measurePasswordStrength,
  type TResetPasswordRequest,
  ZResetPasswordRequest,
} from '@helpdesk/contracts';
import { API_PATHS } from '@helpdesk/contracts/constants';
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
import { ArrowLeft, CircleAlert, CircleCheck, KeyRound, LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { AuthPageShell } from './auth-page-shell.tsx';
import { PasswordField } from './password-field.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

function BackToAdminLogin() {
  return (
    <Link to="/admin" className="inline-flex items-center gap-1 font-medium text-slate-200 hover:underline">
      <ArrowLeft className="size-4" aria-hidden />
      Back to administrator sign in
    </Link>
  );
}

/** Administrator password reset (/admin/reset-password?token=...). */
export function ResetPasswordPage({ token }: { token: string | null }) {
  if (!token) {
    return (
      <AuthPageShell
        tone="admin"
        icon={LinkIcon}
        title="Reset password"
        description="Choose a new administrator password"
        footer={<BackToAdminLogin />}
      >
        <div className="space-y-4">
          <Alert variant="destructive" data-testid="invalid-reset-link">
            <CircleAlert className="size-4" aria-hidden />
            <AlertDescription>Invalid reset link. Please request a new password reset.</AlertDescription>
          </Alert>
          <Button asChild className="w-full">
            <Link to="/admin/forgot-password">Request a new reset link</Link>
          </Button>
        </div>
      </AuthPageShell>
    );
  }
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const [isDone, setIsDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ZResetPasswordRequest),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const password = useWatch({ control: form.control, name: 'password' });
  const isStrong = measurePasswordStrength(password).isStrong;

  const reset = useMutation({
    mutationFn: (body: TResetPasswordRequest) =>
      apiRequest<unknown>('POST', API_PATHS.authAdminResetPassword, body),
    onSuccess: () => {
      setFailure(null);
      setIsDone(true);
      toast({
        title: 'Password Reset Successful',
        description: 'You can now sign in with your new password.',
      });
    },
    onError: (error) => {
      setFailure(
        serverMessage(error) ?? 'Failed to reset password. The link may have expired or been used already.',
      );
    },
  });

  if (isDone) {
    return (
      <AuthPageShell
        tone="admin"
        icon={CircleCheck}
        title="Password Reset Complete"
        description="Your administrator password has been changed"
      >
        <div className="space-y-4 text-center text-sm">
          <p className="text-muted-foreground">
            For your security, this account was signed out everywhere. Sign in with your new password.
          </p>
          <Button asChild className="w-full">
            <Link to="/admin">Go to administrator sign in</Link>
          </Button>
        </div>
      </AuthPageShell>
    );
  }

  return (
    <AuthPageShell
      tone="admin"
      icon={KeyRound}
      title="Reset password"
      description="Choose a new administrator password"
      footer={<BackToAdminLogin />}
    >
      <Form {...form}>
        <form onSubmit={form.handleSubmit((values) => reset.mutate(values))} className="space-y-4" noValidate>
          {failure && (
            <Alert variant="destructive" data-testid="reset-password-error">
              <CircleAlert className="size-4" aria-hidden />
              <AlertTitle>Password not reset</AlertTitle>
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          )}
          <PasswordField
            control={form.control}
            name="password"
            label="New Password"
            autoComplete="new-password"
            autoFocus
          />
          <PasswordStrengthMeter password={password} />
          <PasswordField
            control={form.control}
            name="confirmPassword"
            label="Confirm Password"
            autoComplete="new-password"
          />
          {form.formState.errors.token && (
            <p className="text-destructive text-sm">{form.formState.errors.token.message}</p>
          )}
          <Button type="submit" className="w-full" disabled={!isStrong || reset.isPending}>
            {reset.isPending && <Spinner aria-label="Resetting password" />}
            {reset.isPending ? 'Resetting...' : 'Reset Password'}
          </Button>
        </form>
      </Form>
    </AuthPageShell>
  );
}
