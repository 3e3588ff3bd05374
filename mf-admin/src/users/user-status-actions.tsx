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
import { useUpdateUserStatus } from './use-update-user-status.ts';

/** Approve and Reject for one pending user, each behind a confirmation. */
export function UserStatusActions({ user }: { user: TUser }) {
  const updateStatus = useUpdateUserStatus();
  const name = fullName(user);
  const isBusy = updateStatus.isPending;

  return (
    <div className="flex justify-end gap-2">
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button size="sm" disabled={isBusy} aria-label={`Approve ${name}`}>
            Approve
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Approve user?</AlertDialogTitle>
            <AlertDialogDescription>
              Approving {name} (@{user.username}) gives them access to the system. They can sign in as soon as
              you confirm.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => updateStatus.mutate({ userId: user.id, action: 'approve' })}>
              Approve
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button size="sm" variant="outline" disabled={isBusy} aria-label={`Reject ${name}`}>
            Reject
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Reject user?</AlertDialogTitle>
            <AlertDialogDescription>
              Rejecting {name} (@{user.username}) denies them access to the system. They will not be able to
              sign in.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className={buttonVariants({ variant: 'destructive' })}
              onClick={() => updateStatus.mutate({ userId: user.id, action: 'reject' })}
            >
              Reject
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
