import type { TUser } from '@helpdesk/contracts';
import { type TUsersT, usersEnglish } from './messages.ts';
import type { TStatusAction } from './user-labels.ts';

/** What a row's menu offers for one user, besides the role change. */
export type TUserRowActions = {
  canEdit: boolean;
  /** Deactivate an active user, reactivate an inactive one. */
  lifecycle: Extract<TStatusAction, 'deactivate' | 'reactivate'> | null;
  /** A reset link for a confirmed address, the invitation again for an invited user. */
  passwordLink: 'reset' | 'invitation' | null;
};

/**
 * The actions the server would take for this user from this admin: none on one's own row (the
 * profile is for that), deactivation only while active, a mailed link only to an active user whose
 * address can receive it.
 */
export function userRowActions(user: TUser, currentUserId: string): TUserRowActions {
  if (user.id === currentUserId) return { canEdit: false, lifecycle: null, passwordLink: null };
  const lifecycle =
    user.status === 'active' ? 'deactivate' : user.status === 'inactive' ? 'reactivate' : null;
  const passwordLink =
    user.status !== 'active' ? null : user.isInvited ? 'invitation' : user.emailVerified ? 'reset' : null;
  return { canEdit: true, lifecycle, passwordLink };
}

/** The message id of the menu item's words for a password link. */
export const PASSWORD_LINK_LABELS = {
  reset: 'users.sendPasswordReset',
  invitation: 'users.resendInvitation',
} as const;

/** The confirmation of a deactivation or reactivation: what changes for the person. */
export function lifecycleConfirmation(
  action: 'deactivate' | 'reactivate',
  who: string,
  t: TUsersT = usersEnglish,
): { title: string; description: string; confirm: string } {
  return action === 'deactivate'
    ? {
        title: t('users.deactivateTitle'),
        description: t('users.deactivateDescription', { who }),
        confirm: t('users.deactivate'),
      }
    : {
        title: t('users.reactivateTitle'),
        description: t('users.reactivateDescription', { who }),
        confirm: t('users.reactivate'),
      };
}
