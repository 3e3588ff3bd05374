import type { TTeamMember, TUser, TUserRole } from '@helpdesk/contracts';
import { filterUsers } from '../users/filter-users.ts';
import { type TTeamsT, teamsEnglish } from './messages.ts';

/** Only these roles may join a team (the server refuses anyone else too). */
export const TEAM_MEMBER_USER_ROLES: readonly TUserRole[] = ['agent', 'admin'];

/**
 * The Add Members list: active agents and admins who are not in the team yet, by name, narrowed by
 * the same search as the Users tab (username, email, first and last name).
 */
export function availableMembers(
  users: readonly TUser[],
  members: readonly Pick<TTeamMember, 'id'>[],
  search: string,
): TUser[] {
  const memberIds = new Set(members.map((m) => m.id));
  const eligible = users
    .filter((u) => u.status === 'active' && TEAM_MEMBER_USER_ROLES.includes(u.role) && !memberIds.has(u.id))
    .sort(
      (a, b) =>
        a.firstName.localeCompare(b.firstName) ||
        a.lastName.localeCompare(b.lastName) ||
        a.username.localeCompare(b.username),
    );
  return filterUsers(eligible, search);
}

/** Which empty text the Add Members list shows when it has no rows. */
export function availableMembersEmptyText(hasCandidates: boolean, t: TTeamsT = teamsEnglish): string {
  return hasCandidates ? t('teams.noUsersMatch') : t('teams.noAvailableUsers');
}

/** Adds `id` to the selection or takes it out, as a new set. */
export function toggleSelected(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/**
 * The ids to send: only those still offered (a user who became a member or lost eligibility since
 * being ticked is dropped), in list order.
 */
export function selectedIds(selected: ReadonlySet<string>, offered: readonly Pick<TUser, 'id'>[]): string[] {
  return offered.filter((u) => selected.has(u.id)).map((u) => u.id);
}
