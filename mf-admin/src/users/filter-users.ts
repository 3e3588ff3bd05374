import type { TUser, TUserRole, TUserStatus, TUserStatusCounts } from '@helpdesk/contracts';
import { filterOptions, type TFilterOption, toFilterValue } from '@helpdesk/shared-ui';
import { type TUsersT, usersEnglish } from './messages.ts';
import { USER_ROLE_LABEL_IDS, USER_STATUS_LABEL_IDS } from './user-labels.ts';

// Each filter choice's message id, 'all' included; the options below hold these ids as labels.
const STATUS_FILTER_LABELS = {
  all: 'users.filterAllStatuses',
  pending: USER_STATUS_LABEL_IDS.pending,
  active: USER_STATUS_LABEL_IDS.active,
  rejected: USER_STATUS_LABEL_IDS.rejected,
  inactive: USER_STATUS_LABEL_IDS.inactive,
} as const;
const ROLE_FILTER_LABELS = {
  all: 'users.filterAllRoles',
  admin: USER_ROLE_LABEL_IDS.admin,
  agent: USER_ROLE_LABEL_IDS.agent,
  end_user: 'users.filterEndUser',
} as const;

/** The Users tab's status filter: the spec offers these four, the API accepts them as `status`. */
export const USER_STATUS_FILTER_OPTIONS = filterOptions(STATUS_FILTER_LABELS.all, {
  pending: STATUS_FILTER_LABELS.pending,
  active: STATUS_FILTER_LABELS.active,
  rejected: STATUS_FILTER_LABELS.rejected,
  inactive: STATUS_FILTER_LABELS.inactive,
} satisfies Partial<Record<TUserStatus, string>>);
export type TUserStatusFilter = (typeof USER_STATUS_FILTER_OPTIONS)[number]['value'];

export const USER_ROLE_FILTER_OPTIONS = filterOptions(ROLE_FILTER_LABELS.all, {
  admin: ROLE_FILTER_LABELS.admin,
  agent: ROLE_FILTER_LABELS.agent,
  end_user: ROLE_FILTER_LABELS.end_user,
} satisfies Record<TUserRole, string>);
export type TUserRoleFilter = (typeof USER_ROLE_FILTER_OPTIONS)[number]['value'];

/** The status filter's choices under their names in the reader's language. */
export function statusFilterChoices(t: TUsersT): TFilterOption<TUserStatusFilter>[] {
  return USER_STATUS_FILTER_OPTIONS.map(({ value }) => ({ value, label: t(STATUS_FILTER_LABELS[value]) }));
}

/** The role filter's choices under their names in the reader's language. */
export function roleFilterChoices(t: TUsersT): TFilterOption<TUserRoleFilter>[] {
  return USER_ROLE_FILTER_OPTIONS.map(({ value }) => ({ value, label: t(ROLE_FILTER_LABELS[value]) }));
}

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
export function emptyUsersText(isNarrowed: boolean, t: TUsersT = usersEnglish): string {
  return isNarrowed ? t('users.emptyNarrowed') : t('users.empty');
}

/** The counts line above the table: every user by status, whatever the filters. */
export function userCountsLine(counts: TUserStatusCounts, t: TUsersT = usersEnglish): string {
  const { pending, active, rejected, inactive } = counts;
  // Deactivated accounts are counted once there are some: a desk that never deactivates sees the line as before.
  return inactive > 0
    ? t('users.countsWithInactive', { pending, active, rejected, inactive })
    : t('users.counts', { pending, active, rejected });
}
