import { API_PATHS, EMAIL_VERIFICATION_MESSAGES } from '@helpdesk/contracts/constants';
import { Alert, AlertDescription, apiRequest, Button, Spinner, serverMessage } from '@helpdesk/shared-ui';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleAlert, CircleCheck, LinkIcon, MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { AuthPageShell } from './auth-page-shell.tsx';

/** What to do next when a link did not work: a signed-in person asks for a new one on the profile. */
function NewLinkHint() {
  return (
    <div className="space-y-4">
      <p className="text-muted-foreground text-sm">
        Sign in and open your profile to have a new confirmation link sent.
      </p>
      <Button asChild className="w-full">
        <Link to="/profile">Open my profile</Link>
      </Button>
    </div>
  );
}

/**
 * /verify-email?token=...: confirms the address the link was mailed to as soon as it opens, and
 * says in words whether it worked (docs/product.md#confirming-your-email-address).
 */
export function VerifyEmailPage({ token }: { token: string | null }) {
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
      <AuthPageShell icon={LinkIcon} title="Confirm your email" description="This link did not work">
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
        title="Email confirmed"
        description={EMAIL_VERIFICATION_MESSAGES.confirmed}
      >
        <div className="space-y-4 text-center text-sm">
          <p className="text-muted-foreground">From now on the help desk sends its emails to this address.</p>
          <Button asChild className="w-full">
            <Link to="/">Go to the help desk</Link>
          </Button>
        </div>
      </AuthPageShell>
    );
  }
  return (
    <AuthPageShell icon={MailCheck} title="Confirm your email" description="Confirming your email address…">
      <div className="flex justify-center py-4">
        <Spinner aria-label="Confirming your email address" />
      </div>
    </AuthPageShell>
  );
}
