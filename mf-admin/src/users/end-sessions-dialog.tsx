import {
  ADMIN_API_PATHS,
  adminUserSessionsPath,
  type TEndedSessionsResponse,
  type TUser,
} from '@helpdesk/contracts';
import { apiRequest, Button, fullName, handleSessionEnded, Spinner, toast } from '@helpdesk/shared-ui';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@helpdesk/shared-ui/alert-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { failureToast } from '../feedback/mutation-failure.ts';
import { useUsersT } from './messages.ts';

/**
 * "End sessions" from a user's row menu (docs/product.md#sessions): after a confirmation every session
 * of the user ends at once, audited; on one's own row every other session ends and this one stays.
 */
export function EndSessionsDialog({
  user,
  isOwn,
  isOpen,
  onClose,
}: {
  user: TUser;
  isOwn: boolean;
  isOpen: boolean;
  onClose: () => void;
}) {
  const t = useUsersT();
  const queryClient = useQueryClient();
  const name = fullName(user);
  const end = useMutation({
    mutationFn: () => apiRequest<TEndedSessionsResponse>('DELETE', adminUserSessionsPath(user.id)),
    onSuccess: ({ ended }) => toast({ title: t('users.endSessions.done', { count: ended, name }) }),
    onError: (error) => {
      if (!handleSessionEnded(error))
        toast(failureToast(t('users.endSessions.failed'), error, t('users.tryAgain')));
    },
    onSettled: () => {
      onClose();
      return queryClient.invalidateQueries({ queryKey: [ADMIN_API_PATHS.adminAuditLogs] });
    },
  });

  return (
    <AlertDialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!open && !end.isPending) onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('users.endSessions.title')}</AlertDialogTitle>
          <AlertDialogDescription>
            {isOwn
              ? t('users.endSessions.ownDescription')
              : t('users.endSessions.description', { user: `${name} (@${user.username})` })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={end.isPending}>{t('users.cancel')}</AlertDialogCancel>
          <Button variant="destructive" disabled={end.isPending} onClick={() => end.mutate()}>
            {end.isPending && <Spinner aria-label={t('users.endSessions.ending')} />}
            {t('users.endSessions.confirm')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
