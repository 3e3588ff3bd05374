import {
  type TRegisterForm,
  type TRegisterRequest,
  type TUserResponse,
  ZRegisterForm,
} from '@helpdesk/contracts';
import { API_PATHS } from '@helpdesk/contracts/constants';
import {
  Alert,
  AlertDescription,
  ApiRequestError,
  apiRequest,
  Button,
  registrationError,
  Spinner,
  useCurrentUser,
} from '@helpdesk/shared-ui';
import { Form } from '@helpdesk/shared-ui/form';
import { FormTextField } from '@helpdesk/shared-ui/form-text-field';
import { useLocale } from '@helpdesk/shared-ui/i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link, Navigate } from '@tanstack/react-router';
import { CircleAlert, Info, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AuthPageShell } from './auth-page-shell.tsx';
import { FullPageSpinner } from './full-page-spinner.tsx';
import { useAuthT } from './messages.ts';
import { PasswordField } from './password-field.tsx';
import { registrationErrorId } from './registration-error-ids.ts';
import { RegistrationSuccess } from './registration-success.tsx';

const EMPTY_FORM: TRegisterForm = {
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
};

type TFieldName = keyof TRegisterForm;

function isFieldName(name: string): name is TFieldName {
  return Object.hasOwn(EMPTY_FORM, name);
}

/** Self-registration (/register): creates a pending account that an administrator approves. */
export function RegisterPage() {
  const { user, isLoading } = useCurrentUser();
  const t = useAuthT();
  const locale = useLocale();
  const [isRegistered, setIsRegistered] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ZRegisterForm), defaultValues: EMPTY_FORM });

  const register = useMutation({
    mutationFn: (body: TRegisterRequest) => apiRequest<TUserResponse>('POST', API_PATHS.authRegister, body),
    onSuccess: () => {
      setFailure(null);
      setIsRegistered(true);
    },
    onError: (error) => {
      const { message: english, field } = registrationError(error);
      const id = registrationErrorId(english);
      const message = id ? t(id) : english;
      // Field messages from the server's validation land under their fields too.
      if (error instanceof ApiRequestError) {
        for (const [name, fieldMessage] of Object.entries(error.fields)) {
          if (isFieldName(name)) form.setError(name, { type: 'server', message: fieldMessage });
        }
      }
      if (field) {
        form.setError(field, { type: 'server', message }, { shouldFocus: true });
        setFailure(null);
      } else {
        setFailure(message);
      }
    },
  });

  function submit({ confirmPassword: _confirm, ...request }: TRegisterForm) {
    setFailure(null);
    register.mutate(request);
  }

  function registerAnother() {
    form.reset(EMPTY_FORM);
    register.reset();
    setFailure(null);
    setIsRegistered(false);
  }

  if (isLoading) return <FullPageSpinner />;
  if (user !== null) return <Navigate to="/" replace />;
  if (isRegistered) return <RegistrationSuccess onRegisterAnother={registerAnother} />;

  return (
    <AuthPageShell
      lang={locale}
      icon={UserPlus}
      title={t('register.title')}
      description={t('register.description')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Link to="/login" className="font-medium text-primary hover:underline">
            {t('register.signInLink')}
          </Link>
        </>
      }
    >
      <Form {...form}>
        <form onSubmit={form.handleSubmit(submit)} className="space-y-4" noValidate>
          <Alert>
            <Info className="size-4" aria-hidden />
            <AlertDescription>{t('register.pendingNotice')}</AlertDescription>
          </Alert>
          {failure && (
            <Alert variant="destructive" data-testid="register-error">
              <CircleAlert className="size-4" aria-hidden />
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormTextField
              control={form.control}
              name="firstName"
              label={t('register.firstName')}
              autoComplete="given-name"
              autoFocus
            />
            <FormTextField
              control={form.control}
              name="lastName"
              label={t('register.lastName')}
              autoComplete="family-name"
            />
          </div>
          <FormTextField
            control={form.control}
            name="username"
            label={t('auth.username')}
            autoComplete="username"
          />
          <FormTextField
            control={form.control}
            name="email"
            label={t('register.email')}
            type="email"
            autoComplete="email"
            placeholder={t('register.emailPlaceholder')}
          />
          <PasswordField
            control={form.control}
            name="password"
            label={t('auth.password')}
            autoComplete="new-password"
          />
          <PasswordField
            control={form.control}
            name="confirmPassword"
            label={t('register.confirmPassword')}
            autoComplete="new-password"
          />
          <Button type="submit" className="w-full" disabled={register.isPending}>
            {register.isPending && <Spinner aria-label={t('register.creatingLabel')} />}
            {register.isPending ? t('register.creating') : t('register.submit')}
          </Button>
        </form>
      </Form>
    </AuthPageShell>
  );
}
