import type { TUser } from '@helpdesk/contracts';
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

/** The menu item's words for a password link. */
export const PASSWORD_LINK_LABELS = {
  reset: 'Send password reset',
  invitation: 'Resend invitation',
} as const;

/** The confirmation of a deactivation or reactivation: what changes for the person. */
export function lifecycleConfirmation(
  action: 'deactivate' | 'reactivate',
  who: string,
): { title: string; description: string; confirm: string } {
  return action === 'deactivate'
    ? {
        title: 'Deactivate user?',
        description: `${who} is signed out everywhere at once and cannot sign in until reactivated. Their tickets and history stay.`,
        confirm: 'Deactivate',
      }
    : {
        title: 'Reactivate user?',
        description: `${who} can sign in again with their current password.`,
        confirm: 'Reactivate',
      };
}
