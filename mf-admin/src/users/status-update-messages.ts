import type { TUpdateUserStatusRequest } from '@helpdesk/contracts';
import { serverMessage, type TToastInput } from '@helpdesk/shared-ui';
import { statusChangeVerb } from './user-labels.ts';

/** The toast after an approval or a rejection went through. */
export function statusUpdatedToast(status: TUpdateUserStatusRequest['status']): TToastInput {
  return {
    title: 'User status updated',
    description: `User has been ${statusChangeVerb(status)} successfully.`,
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
