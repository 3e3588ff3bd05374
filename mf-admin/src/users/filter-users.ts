import type { TUser, TUserRole, TUserStatus, TUserStatusCounts } from '@helpdesk/contracts';

/** The Users tab's status filter: the spec offers these four, the API accepts them as `status`. */
export const USER_STATUS_FILTER_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'active', label: 'Active' },
  { value: 'rejected', label: 'Rejected' },
] as const satisfies readonly { value: 'all' | TUserStatus; label: string }[];
export type TUserStatusFilter = (typeof USER_STATUS_FILTER_OPTIONS)[number]['value'];

export const USER_ROLE_FILTER_OPTIONS = [
  { value: 'all', label: 'All roles' },
  { value: 'admin', label: 'Admin' },
  { value: 'agent', label: 'Agent' },
  { value: 'end_user', label: 'End user' },
] as const satisfies readonly { value: 'all' | TUserRole; label: string }[];
export type TUserRoleFilter = (typeof USER_ROLE_FILTER_OPTIONS)[number]['value'];

/** Narrows a select's string value to a status filter, so an unexpected value falls back to 'all'. */
export function toStatusFilter(value: string): TUserStatusFilter {
  return USER_STATUS_FILTER_OPTIONS.find((o) => o.value === value)?.value ?? 'all';
}

/** Narrows a select's string value to a role filter, so an unexpected value falls back to 'all'. */
export function toRoleFilter(value: string): TUserRoleFilter {
  return USER_ROLE_FILTER_OPTIONS.find((o) => o.value === value)?.value ?? 'all';
}

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
  return `${counts.pending} pending · ${counts.active} active · ${counts.rejected} rejected`;
}
