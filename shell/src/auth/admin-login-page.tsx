import {
  type TLoginRequest,
  type TSignInResponse,
  type TTwoFactorStep,
  ZLoginRequest,
} from '@helpdesk/contracts';
import { API_PATHS } from '@helpdesk/contracts/constants';
import {
  Alert,
  AlertDescription,
  apiRequest,
  Button,
  refreshCurrentUser,
  Spinner,
  toast,
  useCurrentUser,
} from '@helpdesk/shared-ui';
import { Form } from '@helpdesk/shared-ui/form';
import { FormTextField } from '@helpdesk/shared-ui/form-text-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { CircleAlert, ShieldCheck, TriangleAlert } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { NavigateToHref } from '../session/navigate-to-href.tsx';
import { SIGN_IN_DEFAULT_TARGET } from '../session/route-access.ts';
import { useTwoFactorT } from '../two-factor/messages.ts';
import { AuthPageShell } from './auth-page-shell.tsx';
import { FullPageSpinner } from './full-page-spinner.tsx';
import { useAuthT } from './messages.ts';
import { PasswordField } from './password-field.tsx';
import { ProviderSignOutOffer, SsoButtons, SsoErrorAlert } from './sso/sso-sign-in.tsx';
import { TWO_FACTOR_STEP_TEXT, TwoFactorStep } from './two-factor-step.tsx';
import { useClearOnEdit } from './use-clear-on-edit.ts';
import { useReturnPath } from './use-return-path.ts';

/** Administrator sign-in (/admin). */
export function AdminLoginPage() {
  const t = useAuthT();
  const { user, isLoading } = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const target = useReturnPath() ?? SIGN_IN_DEFAULT_TARGET['/admin'];
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { username: '', password: '' },
  });
  const clearFailure = useCallback(() => setFailure(null), []);
  useClearOnEdit(form, clearFailure);

  const t2 = useTwoFactorT();
  const [step, setStep] = useState<TTwoFactorStep | null>(null);
  const welcome = async () => {
    toast({
      title: t('adminLogin.welcomeTitle'),
      description: t('adminLogin.welcomeDescription'),
    });
    await refreshCurrentUser(queryClient);
    await navigate({ href: target });
  };

  const login = useMutation({
    mutationFn: (body: TLoginRequest) => apiRequest<TSignInResponse>('POST', API_PATHS.authAdminLogin, body),
    onSuccess: async (result) => {
      // The right password of an admin with two-factor: the code (or its setup) comes next.
      if ('twoFactor' in result) setStep(result.twoFactor);
      else await welcome();
    },
    onError: () => {
      // One message for every failure: the page never says which part of the credentials was wrong.
      setFailure(t('adminLogin.failed'));
      form.setFocus('username');
    },
  });

  if (isLoading) return <FullPageSpinner />;
  if (user !== null && !login.isPending) {
    return <NavigateToHref href={user.role === 'admin' ? target : SIGN_IN_DEFAULT_TARGET['/login']} />;
  }

  if (step) {
    return (
      <AuthPageShell
        tone="admin"
        icon={ShieldCheck}
        title={t2(TWO_FACTOR_STEP_TEXT[step][0])}
        description={t2(TWO_FACTOR_STEP_TEXT[step][1])}
      >
        <TwoFactorStep
          step={step}
          onSignedIn={() => void welcome()}
          onBack={() => {
            setStep(null);
            login.reset();
          }}
        />
      </AuthPageShell>
    );
  }

  return (
    <AuthPageShell
      tone="admin"
      icon={ShieldCheck}
      title={t('adminLogin.title')}
      description={t('adminLogin.description')}
      footer={
        <Link to="/login" className="font-medium text-slate-200 hover:underline">
          {t('adminLogin.userLogin')}
        </Link>
      }
    >
      <Form {...form}>
        <form onSubmit={form.handleSubmit((values) => login.mutate(values))} className="space-y-4" noValidate>
          <Alert className="border-amber-300 bg-amber-50 text-amber-900">
            <TriangleAlert className="size-4" aria-hidden />
            <AlertDescription className="text-amber-900">{t('adminLogin.restricted')}</AlertDescription>
          </Alert>
          <ProviderSignOutOffer />
          <SsoErrorAlert />
          {failure && (
            <Alert variant="destructive" data-testid="admin-login-error">
              <CircleAlert className="size-4" aria-hidden />
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          )}
          <FormTextField
            control={form.control}
            name="username"
            label={t('auth.username')}
            autoComplete="username"
            autoFocus
            placeholder={t('adminLogin.usernamePlaceholder')}
          />
          <PasswordField
            control={form.control}
            name="password"
            label={t('auth.password')}
            labelAside={
              <Link to="/admin/forgot-password" className="text-primary text-sm hover:underline">
                {t('login.forgotPassword')}
              </Link>
            }
            autoComplete="current-password"
            placeholder={t('adminLogin.passwordPlaceholder')}
          />
          <Button type="submit" className="w-full" disabled={login.isPending}>
            {login.isPending && <Spinner aria-label={t('login.signingInLabel')} />}
            {login.isPending ? t('login.signingIn') : t('adminLogin.submit')}
          </Button>
          <SsoButtons returnTo={target} />
        </form>
      </Form>
    </AuthPageShell>
  );
}
