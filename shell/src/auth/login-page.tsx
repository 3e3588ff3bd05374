import {
  type TLoginRequest,
  type TSignInResponse,
  type TTwoFactorStep,
  type TUser,
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
import { useLocale } from '@helpdesk/shared-ui/i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { CircleAlert, LifeBuoy } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { NavigateToHref } from '../session/navigate-to-href.tsx';
import { SIGN_IN_DEFAULT_TARGET } from '../session/route-access.ts';
import { useTwoFactorT } from '../two-factor/messages.ts';
import { AuthPageShell } from './auth-page-shell.tsx';
import { FullPageSpinner } from './full-page-spinner.tsx';
import { useAuthT } from './messages.ts';
import { PasswordField } from './password-field.tsx';
import { signInErrorId, signInErrorText } from './sign-in-error.ts';
import { ProviderSignOutOffer, SsoButtons, SsoErrorAlert } from './sso/sso-sign-in.tsx';
import { TWO_FACTOR_STEP_TEXT, TwoFactorStep } from './two-factor-step.tsx';
import { useClearOnEdit } from './use-clear-on-edit.ts';
import { useReturnPath } from './use-return-path.ts';

/** User sign-in (/login). */
export function LoginPage() {
  const { user, isLoading } = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const t = useAuthT();
  const locale = useLocale();
  const target = useReturnPath() ?? SIGN_IN_DEFAULT_TARGET['/login'];
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { username: '', password: '' },
  });
  const clearFailure = useCallback(() => setFailure(null), []);
  useClearOnEdit(form, clearFailure);

  const t2 = useTwoFactorT();
  const [step, setStep] = useState<TTwoFactorStep | null>(null);
  const welcome = async (signedIn: TUser) => {
    toast({
      title: t('login.welcomeTitle'),
      description: t('login.welcomeDescription', {
        firstName: signedIn.firstName,
        lastName: signedIn.lastName,
      }),
    });
    await refreshCurrentUser(queryClient);
    await navigate({ href: target });
  };

  const login = useMutation({
    mutationFn: (body: TLoginRequest) => apiRequest<TSignInResponse>('POST', API_PATHS.authLogin, body),
    onSuccess: async (result) => {
      // The right password of an account with two-factor: the code (or its setup) comes next.
      if ('twoFactor' in result) setStep(result.twoFactor);
      else await welcome(result.user);
    },
    onError: (error) => {
      setFailure(signInErrorText(error));
      form.setFocus('username');
    },
  });

  const failureId = failure ? signInErrorId(failure) : null;

  if (isLoading) return <FullPageSpinner />;
  if (user !== null && !login.isPending) return <NavigateToHref href={target} />;

  if (step) {
    return (
      <AuthPageShell
        lang={locale}
        icon={LifeBuoy}
        title={t2(TWO_FACTOR_STEP_TEXT[step][0])}
        description={t2(TWO_FACTOR_STEP_TEXT[step][1])}
      >
        <TwoFactorStep
          step={step}
          onSignedIn={(signedIn) => void welcome(signedIn)}
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
      lang={locale}
      icon={LifeBuoy}
      title={t('login.title')}
      description={t('login.description')}
      footer={t('login.footer')}
    >
      <Form {...form}>
        <form onSubmit={form.handleSubmit((values) => login.mutate(values))} className="space-y-4" noValidate>
          <ProviderSignOutOffer />
          <SsoErrorAlert />
          {failure && (
            <Alert variant="destructive" data-testid="login-error">
              <CircleAlert className="size-4" aria-hidden />
              <AlertDescription>{failureId ? t(failureId) : failure}</AlertDescription>
            </Alert>
          )}
          <FormTextField
            control={form.control}
            name="username"
            label={t('auth.username')}
            autoComplete="username"
            autoFocus
            placeholder={t('login.usernamePlaceholder')}
          />
          <PasswordField
            control={form.control}
            name="password"
            label={t('auth.password')}
            labelAside={
              <Link to="/forgot-password" className="text-primary text-sm hover:underline">
                {t('login.forgotPassword')}
              </Link>
            }
            autoComplete="current-password"
            placeholder={t('login.passwordPlaceholder')}
          />
          <Button type="submit" className="w-full" disabled={login.isPending}>
            {login.isPending && <Spinner aria-label={t('login.signingInLabel')} />}
            {login.isPending ? t('login.signingIn') : t('login.submit')}
          </Button>
          <SsoButtons returnTo={target} />
          <p className="text-center text-muted-foreground text-sm">
            {t('login.noAccount')}{' '}
            <Link to="/register" className="font-medium text-primary hover:underline">
              {t('login.registerLink')}
            </Link>
          </p>
        </form>
      </Form>
    </AuthPageShell>
  );
}
