import { API_PATHS, EMAIL_VERIFICATION_MESSAGES } from '@helpdesk/contracts/constants';
import { Alert, AlertDescription, apiRequest, Button, Spinner, serverMessage } from '@helpdesk/shared-ui';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleAlert, CircleCheck, LinkIcon, MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { AuthPageShell } from './auth-page-shell.tsx';
import { useAuthT } from './messages.ts';

/** What to do next when a link did not work: a signed-in person asks for a new one on the profile. */
function NewLinkHint() {
  const t = useAuthT();
  return (
    <div className="space-y-4">
      <p className="text-muted-foreground text-sm">{t('verifyEmail.newLinkHint')}</p>
      <Button asChild className="w-full">
        <Link to="/profile">{t('verifyEmail.openProfile')}</Link>
      </Button>
    </div>
  );
}

/**
 * /verify-email?token=...: confirms the address the link was mailed to as soon as it opens, and
 * says in words whether it worked (docs/product.md#confirming-your-email-address).
 */
export function VerifyEmailPage({ token }: { token: string | null }) {
  const t = useAuthT();
  const confirm = useMutation({
    mutationFn: (value: string) =>
      apiRequest<{ message: string }>('POST', API_PATHS.authVerifyEmail, { token: value }),
  });
  // Once per page: a token works once, so a second request (a re-run effect) would say it was used.
  const isSent = useRef(false);
  useEffect(() => {
    if (!token || isSent.current) return;
    isSent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  if (!token || confirm.isError) {
    const message = confirm.isError
      ? (serverMessage(confirm.error) ?? EMAIL_VERIFICATION_MESSAGES.linkInvalid)
      : EMAIL_VERIFICATION_MESSAGES.linkInvalid;
    return (
      <AuthPageShell
        icon={LinkIcon}
        title={t('verifyEmail.title')}
        description={t('verifyEmail.failedDescription')}
      >
        <div className="space-y-4">
          <Alert variant="destructive" data-testid="verify-email-error">
            <CircleAlert className="size-4" aria-hidden />
            <AlertDescription>{message}</AlertDescription>
          </Alert>
          <NewLinkHint />
        </div>
      </AuthPageShell>
    );
  }
  if (confirm.isSuccess) {
    return (
      <AuthPageShell
        icon={CircleCheck}
        title={t('verifyEmail.confirmedTitle')}
        description={EMAIL_VERIFICATION_MESSAGES.confirmed}
      >
        <div className="space-y-4 text-center text-sm">
          <p className="text-muted-foreground">{t('verifyEmail.confirmedText')}</p>
          <Button asChild className="w-full">
            <Link to="/">{t('verifyEmail.goToDesk')}</Link>
          </Button>
        </div>
      </AuthPageShell>
    );
  }
  return (
    <AuthPageShell icon={MailCheck} title={t('verifyEmail.title')} description={t('verifyEmail.confirming')}>
      <div className="flex justify-center py-4">
        <Spinner aria-label={t('verifyEmail.confirmingLabel')} />
      </div>
    </AuthPageShell>
  );
}
