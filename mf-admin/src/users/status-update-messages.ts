import { serverMessage, type TToastInput } from '@helpdesk/shared-ui';
import { statusChangeVerb, type TStatusAction } from './user-labels.ts';

/** The toast after an approval, rejection, deactivation or reactivation went through. */
export function statusUpdatedToast(change: TStatusAction | 'active' | 'rejected'): TToastInput {
  return {
    title: 'User status updated',
    description: `User has been ${statusChangeVerb(change)} successfully.`,
  };
}

/** The toast after a refused update, with the server's own message when it sent one. */
export function statusUpdateFailedToast(error: unknown): TToastInput {
  return {
    title: 'Error updating user status',
    description: serverMessage(error) ?? 'Failed to update user status. Please try again.',
    variant: 'destructive',
  };
}
