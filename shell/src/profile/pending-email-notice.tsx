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

/**
 * The address waiting for its confirmation link, if any (a new one asked for here, or the
 * account's own while unconfirmed), with a way to have the link mailed again.
 */
export function PendingEmailNotice({ user }: { user: TUser }) {
  const [failure, setFailure] = useState<string | null>(null);
  const resend = useMutation({
    mutationFn: () => apiRequest<{ message: string }>('POST', API_PATHS.authResendVerification),
    onSuccess: ({ message }) => {
      setFailure(null);
      toast({ title: 'Confirmation link sent', description: message });
    },
    onError: (error) => {
      if (handleSessionEnded(error)) return;
      setFailure(serverMessage(error) ?? 'Could not send the link. Please try again.');
    },
  });
  const address = user.pendingEmail ?? (user.emailVerified ? null : user.email);
  if (address === null) return null;
  return (
    <Alert data-testid="pending-email">
      <MailCheck className="size-4" aria-hidden />
      <AlertTitle>Check your inbox</AlertTitle>
      <AlertDescription className="space-y-2">
        <p>
          {user.pendingEmail
            ? `Your new address ${address} is waiting for confirmation. Until you follow the link we sent there, we keep using ${user.email}.`
            : `Your address ${address} is not confirmed yet. We send you nothing but the confirmation link until you follow it.`}
        </p>
        {failure && <p className="text-destructive">{failure}</p>}
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {resend.isPending && <Spinner aria-label="Sending the link" />}
          Resend confirmation
        </Button>
      </AlertDescription>
    </Alert>
  );
}
