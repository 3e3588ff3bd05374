import type { TUser, TUserRole, TUserStatus, TUserStatusCounts } from '@helpdesk/contracts';
import { filterOptions, toFilterValue } from '@helpdesk/shared-ui';

/** The Users tab's status filter: the spec offers these four, the API accepts them as `status`. */
export const USER_STATUS_FILTER_OPTIONS = filterOptions('All statuses', {
  pending: 'Pending',
  active: 'Active',
  rejected: 'Rejected',
  inactive: 'Inactive',
} satisfies Partial<Record<TUserStatus, string>>);
export type TUserStatusFilter = (typeof USER_STATUS_FILTER_OPTIONS)[number]['value'];

export const USER_ROLE_FILTER_OPTIONS = filterOptions('All roles', {
  admin: 'Admin',
  agent: 'Agent',
  end_user: 'End user',
} satisfies Record<TUserRole, string>);
export type TUserRoleFilter = (typeof USER_ROLE_FILTER_OPTIONS)[number]['value'];

/** Narrows a select's string value to a status filter, so an unexpected value falls back to 'all'. */
export const toStatusFilter = (value: string): TUserStatusFilter =>
  toFilterValue(USER_STATUS_FILTER_OPTIONS, value);

/** Narrows a select's string value to a role filter, so an unexpected value falls back to 'all'. */
export const toRoleFilter = (value: string): TUserRoleFilter =>
  toFilterValue(USER_ROLE_FILTER_OPTIONS, value);

/**
 * Client-side search of the Users tab over username, email, first and last name, case-insensitive.
 * Every word must match one of those fields, so 'ada love' finds Ada Lovelace.
 */
export function filterUsers(users: readonly TUser[], search: string): TUser[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...users];
  return users.filter((user) => {
    const fields = [user.username, user.email, user.firstName, user.lastName].map((f) => f.toLowerCase());
    return words.every((word) => fields.some((field) => field.includes(word)));
  });
}

/** True when the list is narrowed by search or a filter: the empty text then blames the search. */
export function isUserListNarrowed(
  search: string,
  status: TUserStatusFilter,
  role: TUserRoleFilter,
): boolean {
  return search.trim() !== '' || status !== 'all' || role !== 'all';
}

/** The empty-table text. */
export function emptyUsersText(isNarrowed: boolean): string {
  return isNarrowed ? 'No users found matching your search.' : 'No users found.';
}

/** The counts line above the table: every user by status, whatever the filters. */
export function userCountsLine(counts: TUserStatusCounts): string {
  const line = `${counts.pending} pending · ${counts.active} active · ${counts.rejected} rejected`;
  // Deactivated accounts are counted once there are some: a desk that never deactivates sees the line as before.
  return counts.inactive > 0 ? `${line} · ${counts.inactive} inactive` : line;
}
