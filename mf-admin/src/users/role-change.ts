import {
  type TUser,
  type TUserRole,
  USER_ADMIN_MESSAGES,
  USER_ROLE_LABELS,
  USER_ROLES,
} from '@helpdesk/contracts';
import type { TToastInput } from '@helpdesk/shared-ui';
import { failureToast } from '../feedback/mutation-failure.ts';

/** The roles a user can be moved to, labelled, with the current one marked. */
export function roleOptions(current: TUserRole): { role: TUserRole; label: string; isCurrent: boolean }[] {
  return USER_ROLES.map((role) => ({ role, label: USER_ROLE_LABELS[role], isCurrent: role === current }));
}

/**
 * Why the role of `user` cannot be changed from this screen, or null when it can. The server
 * enforces the same (and the last-admin rule, which needs data this screen may not have).
 */
export function roleChangeBlocker(user: Pick<TUser, 'id'>, currentUserId: string): string | null {
  return user.id === currentUserId ? USER_ADMIN_MESSAGES.cannotChangeOwnRole : null;
}

/** The confirmation's text: what changes for the person. */
export function roleChangeDescription(name: string, from: TUserRole, to: TUserRole): string {
  const consequence =
    to === 'admin'
      ? 'They will be able to manage users, teams, settings and reports.'
      : to === 'agent'
        ? 'They will see and work on all tickets and can join teams.'
        : 'They will see only their own tickets.';
  return `${name} goes from ${USER_ROLE_LABELS[from]} to ${USER_ROLE_LABELS[to]}. ${consequence} The change applies on their next request.`;
}

/** Success toast of a role change. */
export function roleChangedToast(name: string, role: TUserRole): TToastInput {
  return { title: USER_ADMIN_MESSAGES.roleUpdated, description: `${name} is now ${USER_ROLE_LABELS[role]}.` };
}

/** Failure toast of a role change, with the server's reason (last admin, own role, ...). */
export function roleChangeFailedToast(error: unknown): TToastInput {
  return failureToast('Error updating user role', error, 'Failed to update user role. Please try again.');
}
