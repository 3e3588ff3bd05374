import type { TUser } from '@helpdesk/contracts';
import { Button, buttonVariants, fullName } from '@helpdesk/shared-ui';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@helpdesk/shared-ui/alert-dialog';
import { useUsersT } from './messages.ts';
import { useUpdateUserStatus } from './use-update-user-status.ts';

/** Approve and Reject for one pending user, each behind a confirmation. */
export function UserStatusActions({ user }: { user: TUser }) {
  const t = useUsersT();
  const updateStatus = useUpdateUserStatus();
  const name = fullName(user);
  const isBusy = updateStatus.isPending;

  return (
    <div className="flex justify-end gap-2">
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button size="sm" disabled={isBusy} aria-label={t('users.approveName', { name })}>
            {t('users.approve')}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('users.approveTitle')}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('users.approveDescription', { name, username: user.username })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('users.cancel')}</AlertDialogCancel>
            <AlertDialogAction onClick={() => updateStatus.mutate({ userId: user.id, action: 'approve' })}>
              {t('users.approve')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button size="sm" variant="outline" disabled={isBusy} aria-label={t('users.rejectName', { name })}>
            {t('users.reject')}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('users.rejectTitle')}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('users.rejectDescription', { name, username: user.username })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('users.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              className={buttonVariants({ variant: 'destructive' })}
              onClick={() => updateStatus.mutate({ userId: user.id, action: 'reject' })}
            >
              {t('users.reject')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
