import type { TUpdateUserStatusRequest, TUserRole, TUserStatus } from '@helpdesk/contracts';

type TBadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline' | 'success' | 'warning';

const STATUS_BADGES: Record<TUserStatus, { label: string; variant: TBadgeVariant }> = {
  pending: { label: 'Pending', variant: 'warning' },
  active: { label: 'Active', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'destructive' },
  // A legacy state the schema allows but no screen sets: shown neutrally rather than as access.
  approved: { label: 'Approved', variant: 'secondary' },
  // Deactivated by an admin: no access, but not a verdict on a registration either.
  inactive: { label: 'Inactive', variant: 'outline' },
};

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
): { label: string; variant: TBadgeVariant } {
  if (status === 'active' && isInvited) return { label: 'Invited', variant: 'secondary' };
  return STATUS_BADGES[status];
}

/** The Role badge's variant: admins stand out, end users recede. */
export function roleBadgeVariant(role: TUserRole): TBadgeVariant {
  return ROLE_BADGE_VARIANTS[role];
}

/** The line under a user's address while a new one they asked for waits on its link. */
export function pendingEmailLine(pendingEmail: string): string {
  return `→ ${pendingEmail} (unconfirmed)`;
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
  if (change === 'active') return STATUS_CHANGE_VERBS.approve;
  if (change === 'rejected') return STATUS_CHANGE_VERBS.reject;
  return STATUS_CHANGE_VERBS[change];
}
