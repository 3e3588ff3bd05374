import type { TUserRole, TUserStatus } from '@helpdesk/contracts';

type TBadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline' | 'success' | 'warning';

const STATUS_BADGES: Record<TUserStatus, { label: string; variant: TBadgeVariant }> = {
  pending: { label: 'Pending', variant: 'warning' },
  active: { label: 'Active', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'destructive' },
  // A legacy state the schema allows but no screen sets: shown neutrally rather than as access.
  approved: { label: 'Approved', variant: 'secondary' },
};

const ROLE_BADGE_VARIANTS: Record<TUserRole, TBadgeVariant> = {
  admin: 'default',
  agent: 'secondary',
  end_user: 'outline',
};

/** The Status column's badge for a user status. */
export function statusBadge(status: TUserStatus): { label: string; variant: TBadgeVariant } {
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

/** The past-tense word of the success toast, 'User has been {approved|rejected} successfully.' */
export function statusChangeVerb(status: 'active' | 'rejected'): 'approved' | 'rejected' {
  return status === 'active' ? 'approved' : 'rejected';
}
