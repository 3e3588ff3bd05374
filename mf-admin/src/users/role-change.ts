import { type TUser, type TUserRole, USER_ROLES } from '@helpdesk/contracts';
import type { TToastInput } from '@helpdesk/shared-ui';
import { failureToast } from '../feedback/mutation-failure.ts';
import { type TUsersT, usersEnglish } from './messages.ts';
import { USER_ROLE_LABEL_IDS } from './user-labels.ts';

// The whole sentence per new role: word order differs by language.
const ROLE_CHANGE_IDS = {
  admin: 'users.roleChange.toAdmin',
  agent: 'users.roleChange.toAgent',
  end_user: 'users.roleChange.toEndUser',
} as const satisfies Record<TUserRole, string>;

/** The roles a user can be moved to, labelled, with the current one marked. */
export function roleOptions(
  current: TUserRole,
  t: TUsersT = usersEnglish,
): { role: TUserRole; label: string; isCurrent: boolean }[] {
  return USER_ROLES.map((role) => ({
    role,
    label: t(USER_ROLE_LABEL_IDS[role]),
    isCurrent: role === current,
  }));
}

/**
 * Why the role of `user` cannot be changed from this screen, or null when it can. The server
 * enforces the same (and the last-admin rule, which needs data this screen may not have).
 */
export function roleChangeBlocker(
  user: Pick<TUser, 'id'>,
  currentUserId: string,
  t: TUsersT = usersEnglish,
): string | null {
  return user.id === currentUserId ? t('users.ownRoleBlocked') : null;
}

/** The confirmation's text: what changes for the person. */
export function roleChangeDescription(
  name: string,
  from: TUserRole,
  to: TUserRole,
  t: TUsersT = usersEnglish,
): string {
  return t(ROLE_CHANGE_IDS[to], {
    who: name,
    from: t(USER_ROLE_LABEL_IDS[from]),
    to: t(USER_ROLE_LABEL_IDS[to]),
  });
}

/** Success toast of a role change. */
export function roleChangedToast(name: string, role: TUserRole, t: TUsersT = usersEnglish): TToastInput {
  return {
    title: t('users.roleUpdatedTitle'),
    description: t('users.roleUpdatedDescription', { name, role: t(USER_ROLE_LABEL_IDS[role]) }),
  };
}

/** Failure toast of a role change, with the server's reason (last admin, own role, ...). */
export function roleChangeFailedToast(error: unknown, t: TUsersT = usersEnglish): TToastInput {
  return failureToast(t('users.roleFailedTitle'), error, t('users.roleFailedFallback'));
}
