import { serverMessage, type TToastInput } from '@helpdesk/shared-ui';
import { type TUsersT, usersEnglish } from './messages.ts';
import { statusChangeAction, type TStatusAction } from './user-labels.ts';

// The whole sentence per change: word order differs by language.
const STATUS_UPDATED_IDS = {
  approve: 'users.statusUpdated.approve',
  reject: 'users.statusUpdated.reject',
  deactivate: 'users.statusUpdated.deactivate',
  reactivate: 'users.statusUpdated.reactivate',
} as const;

/** The toast after an approval, rejection, deactivation or reactivation went through. */
export function statusUpdatedToast(
  change: TStatusAction | 'active' | 'rejected',
  t: TUsersT = usersEnglish,
): TToastInput {
  return {
    title: t('users.statusUpdatedTitle'),
    description: t(STATUS_UPDATED_IDS[statusChangeAction(change)]),
  };
}

/** The toast after a refused update, with the server's own message when it sent one. */
export function statusUpdateFailedToast(error: unknown, t: TUsersT = usersEnglish): TToastInput {
  return {
    title: t('users.statusFailedTitle'),
    description: serverMessage(error) ?? t('users.statusFailedFallback'),
    variant: 'destructive',
  };
}
