import { adminUserTwoFactorPath, type TMessageResponse, type TUser } from '@helpdesk/contracts';
import {
  apiRequest,
  Button,
  fullName,
  handleSessionEnded,
  localizeText,
  Spinner,
  toast,
} from '@helpdesk/shared-ui';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@helpdesk/shared-ui/alert-dialog';
import { DropdownMenuItem } from '@helpdesk/shared-ui/dropdown-menu';
import { useMutation } from '@tanstack/react-query';
import { ShieldOff } from 'lucide-react';
import { failureToast } from '../feedback/mutation-failure.ts';
import { useUsersT } from './messages.ts';

/** The row menu's "Clear two-factor" item: opens the confirmation (not offered on one's own row). */
export function ClearTwoFactorItem({ onSelect }: { onSelect: () => void }) {
  const t = useUsersT();
  return (
    <DropdownMenuItem variant="destructive" onSelect={onSelect}>
      <ShieldOff aria-hidden />
      {t('users.clearTwoFactor')}
    </DropdownMenuItem>
  );
}

/**
 * Confirms and clears a user's two-factor (DELETE /api/admin/users/{id}/two-factor, audited): for a
 * person who lost their phone and their recovery codes. Their next sign-in needs only the password.
 */
export function ClearTwoFactorDialog({
  user,
  isOpen,
  onClose,
}: {
  user: TUser;
  isOpen: boolean;
  onClose: () => void;
}) {
  const t = useUsersT();
  const clear = useMutation({
    mutationFn: () => apiRequest<TMessageResponse>('DELETE', adminUserTwoFactorPath(user.id)),
    onSuccess: ({ message }) => toast({ title: localizeText(message) }),
    onError: (error) => {
      if (!handleSessionEnded(error)) toast(failureToast(t('users.clearTwoFactorFailed'), error));
    },
    onSettled: onClose,
  });
  return (
    <AlertDialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!open && !clear.isPending) onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('users.clearTwoFactorTitle')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('users.clearTwoFactorDescription', { name: fullName(user), username: user.username })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={clear.isPending}>{t('users.cancel')}</AlertDialogCancel>
          <Button variant="destructive" disabled={clear.isPending} onClick={() => clear.mutate()}>
            {clear.isPending && <Spinner aria-label={t('users.clearingTwoFactor')} />}
            {t('users.clearTwoFactor')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
