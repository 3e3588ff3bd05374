import type { TUpdateUserStatusRequest, TUserRole, TUserStatus } from '@helpdesk/contracts';
import { type TUsersT, usersEnglish } from './messages.ts';

type TBadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline' | 'success' | 'warning';

const STATUS_BADGES = {
  pending: { label: 'users.status.pending', variant: 'warning' },
  active: { label: 'users.status.active', variant: 'success' },
  rejected: { label: 'users.status.rejected', variant: 'destructive' },
  // A legacy state the schema allows but no screen sets: shown neutrally rather than as access.
  approved: { label: 'users.status.approved', variant: 'secondary' },
  // Deactivated by an admin: no access, but not a verdict on a registration either.
  inactive: { label: 'users.status.inactive', variant: 'outline' },
} as const satisfies Record<TUserStatus, { label: string; variant: TBadgeVariant }>;

/** The message id of each user status's name, as the badges and the status filter show it. */
export const USER_STATUS_LABEL_IDS = {
  pending: STATUS_BADGES.pending.label,
  active: STATUS_BADGES.active.label,
  rejected: STATUS_BADGES.rejected.label,
  approved: STATUS_BADGES.approved.label,
  inactive: STATUS_BADGES.inactive.label,
} as const;

/** The message id of each role's name as the role menu, confirmations and toasts write it ('End User'). */
export const USER_ROLE_LABEL_IDS = {
  admin: 'users.role.admin',
  agent: 'users.role.agent',
  end_user: 'users.role.endUser',
} as const satisfies Record<TUserRole, string>;

/** The message id of each role's badge text (lower case; the badge capitalises it). */
export const USER_ROLE_BADGE_IDS = {
  admin: 'users.badge.admin',
  agent: 'users.badge.agent',
  end_user: 'users.badge.endUser',
} as const satisfies Record<TUserRole, string>;

const ROLE_BADGE_VARIANTS: Record<TUserRole, TBadgeVariant> = {
  admin: 'default',
  agent: 'secondary',
  end_user: 'outline',
};

/**
 * The Status column's badge for a user status; an active account whose invitation has not been used
 * yet reads 'Invited' (it cannot sign in until its owner sets a password).
 */
export function statusBadge(
  status: TUserStatus,
  isInvited = false,
  t: TUsersT = usersEnglish,
): { label: string; variant: TBadgeVariant } {
  if (status === 'active' && isInvited) return { label: t('users.status.invited'), variant: 'secondary' };
  const { label, variant } = STATUS_BADGES[status];
  return { label: t(label), variant };
}

/** The Role badge's variant: admins stand out, end users recede. */
export function roleBadgeVariant(role: TUserRole): TBadgeVariant {
  return ROLE_BADGE_VARIANTS[role];
}

/** The line under a user's address while a new one they asked for waits on its link. */
export function pendingEmailLine(pendingEmail: string, t: TUsersT = usersEnglish): string {
  return t('users.pendingEmail', { email: pendingEmail });
}

const STATUS_CHANGE_VERBS = {
  approve: 'approved',
  reject: 'rejected',
  deactivate: 'deactivated',
  reactivate: 'reactivated',
} as const;

/** What a status change does to a user with `from`: approve or reject a registration, deactivate or reactivate an account. */
export type TStatusAction = keyof typeof STATUS_CHANGE_VERBS;

/** The status a change is sent as, for each action. */
export const STATUS_ACTION_TARGETS: Record<TStatusAction, TUpdateUserStatusRequest['status']> = {
  approve: 'active',
  reject: 'rejected',
  deactivate: 'inactive',
  reactivate: 'active',
};

/**
 * The past-tense word of the success toast, 'User has been {approved|rejected|...} successfully.'
 * A bare status names the registration decision, as the approve and reject buttons send it.
 */
export function statusChangeVerb(change: TStatusAction | 'active' | 'rejected'): string {
  return STATUS_CHANGE_VERBS[statusChangeAction(change)];
}

/** The action a change names; a bare status is the registration decision the approve and reject buttons send. */
export function statusChangeAction(change: TStatusAction | 'active' | 'rejected'): TStatusAction {
  if (change === 'active') return 'approve';
  if (change === 'rejected') return 'reject';
  return change;
}
