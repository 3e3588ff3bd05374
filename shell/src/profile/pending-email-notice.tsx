import type { TUser } from '@helpdesk/contracts';
import { API_PATHS } from '@helpdesk/contracts/constants';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  apiRequest,
  Button,
  handleSessionEnded,
  Spinner,
  serverMessage,
  toast,
} from '@helpdesk/shared-ui';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useProfileT } from './messages.ts';

/**
 * The address waiting for its confirmation link, if any (a new one asked for here, or the
 * account's own while unconfirmed), with a way to have the link mailed again.
 */
export function PendingEmailNotice({ user }: { user: TUser }) {
  const t = useProfileT();
  const [failure, setFailure] = useState<string | null>(null);
  const resend = useMutation({
    mutationFn: () => apiRequest<{ message: string }>('POST', API_PATHS.authResendVerification),
    onSuccess: ({ message }) => {
      setFailure(null);
      toast({ title: t('pendingEmail.linkSent'), description: message });
    },
    onError: (error) => {
      if (handleSessionEnded(error)) return;
      setFailure(serverMessage(error) ?? t('pendingEmail.sendFailed'));
    },
  });
  const address = user.pendingEmail ?? (user.emailVerified ? null : user.email);
  if (address === null) return null;
  return (
    <Alert data-testid="pending-email">
      <MailCheck className="size-4" aria-hidden />
      <AlertTitle>{t('profile.checkInbox')}</AlertTitle>
      <AlertDescription className="space-y-2">
        <p>
          {user.pendingEmail
            ? t('pendingEmail.newAddress', { address, current: user.email })
            : t('pendingEmail.unconfirmed', { address })}
        </p>
        {failure && <p className="text-destructive">{failure}</p>}
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {resend.isPending && <Spinner aria-label={t('pendingEmail.sendingLabel')} />}
          {t('pendingEmail.resend')}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
