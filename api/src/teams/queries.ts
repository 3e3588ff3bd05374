import type { TTeam, TTeamMember, TUserRole, TUserStatus } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';

const teamColumns = () => sql`
  t.id, t.name, t.description, t.is_active as "isActive",
  (select count(*)::int from team_members m where m.team_id = t.id) as "memberCount",
  t.created_at as "createdAt", t.updated_at as "updatedAt"`;

export function selectTeams(db: Db): Promise<TTeam[]> {
  return db<TTeam[]>`select ${teamColumns()} from teams t order by t.name, t.id`;
}

export async function selectTeamById(db: Db, teamId: string): Promise<TTeam | null> {
  const [team] = await db<TTeam[]>`select ${teamColumns()} from teams t where t.id = ${teamId}`;
  return team ?? null;
}

/** The team row locked until the transaction ends (membership and team changes queue behind it). */
export async function selectTeamByIdForUpdate(db: Db, teamId: string): Promise<TTeam | null> {
  const [team] = await db<
    TTeam[]
  >`select ${teamColumns()} from teams t where t.id = ${teamId} for update of t`;
  return team ?? null;
}

/**
 * Whether a team exists, key-share locked until the transaction ends so it cannot be deleted under
 * what is being written that names it (a policy, a mailbox); the team's own changes need not wait.
 */
export async function lockTeamIfExists(db: Db, teamId: string): Promise<boolean> {
  const rows = await db`select 1 from teams where id = ${teamId} for key share`;
  return rows.length > 0;
}

export async function teamExists(db: Db, teamId: string): Promise<boolean> {
  const [row] = await db<
    { exists: boolean }[]
  >`select exists (select 1 from teams where id = ${teamId}) as exists`;
  return row?.exists ?? false;
}

export function selectTeamMembers(db: Db, teamId: string): Promise<TTeamMember[]> {
  return db<TTeamMember[]>`
    select u.id, u.username, u.email, u.first_name as "firstName", u.last_name as "lastName",
           u.profile_image_url as "profileImageUrl", u.role, u.status,
           m.role as "teamRole", m.created_at as "joinedAt"
    from team_members m
    join users u on u.id = m.user_id
    where m.team_id = ${teamId}
    order by u.first_name, u.last_name, u.id`;
}

export async function insertTeam(db: Db, team: { name: string; description: string | null }): Promise<TTeam> {
  const [row] = await db<{ id: string }[]>`
    insert into teams (name, description) values (${team.name}, ${team.description}) returning id`;
  const created = row ? await selectTeamById(db, row.id) : null;
  if (!created) throw new Error('insert into teams returned no row');
  return created;
}

export async function updateTeam(
  db: Db,
  teamId: string,
  team: { name: string; description: string | null; isActive: boolean },
): Promise<TTeam> {
  await db`
    update teams set name = ${team.name}, description = ${team.description}, is_active = ${team.isActive}
    where id = ${teamId}`;
  const updated = await selectTeamById(db, teamId);
  if (!updated) throw new Error(`team ${teamId} vanished inside its own transaction`);
  return updated;
}

/** Deletes a team; its memberships go with it and its tickets keep working with no team (FKs). */
export async function deleteTeam(db: Db, teamId: string): Promise<void> {
  await db`delete from teams where id = ${teamId}`;
}

export type MemberCandidate = { id: string; username: string; role: TUserRole; status: TUserStatus };

/**
 * The users of these ids that exist (locked: a role or status change waits until the add commits),
 * taken in id order as the role change takes the admins, so the two never wait on each other.
 */
export function selectMemberCandidatesForShare(
  db: Db,
  userIds: readonly string[],
): Promise<MemberCandidate[]> {
  return db<MemberCandidate[]>`
    select id, username, role, status from users where id = any(${userIds}::uuid[]) order by id for share`;
}

/** Adds members; users already in the team are skipped. Answers the ids actually added. */
export async function insertTeamMembers(
  db: Db,
  teamId: string,
  userIds: readonly string[],
): Promise<string[]> {
  const rows = await db<{ userId: string }[]>`
    insert into team_members (team_id, user_id)
    select ${teamId}, unnest(${userIds}::uuid[])
    on conflict (team_id, user_id) do nothing
    returning user_id as "userId"`;
  return rows.map((row) => row.userId);
}

/** Removes one member; answers the removed user's username, or null when they were not a member. */
export async function deleteTeamMember(db: Db, teamId: string, userId: string): Promise<string | null> {
  const [row] = await db<{ username: string }[]>`
    delete from team_members m using users u
    where m.team_id = ${teamId} and m.user_id = ${userId} and u.id = m.user_id
    returning u.username`;
  return row?.username ?? null;
}
