import type { TTeam, TTeamMember } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';

export function selectTeams(db: Db): Promise<TTeam[]> {
  return db<TTeam[]>`
    select t.id, t.name, t.description, t.is_active as "isActive",
           (select count(*)::int from team_members m where m.team_id = t.id) as "memberCount",
           t.created_at as "createdAt", t.updated_at as "updatedAt"
    from teams t
    order by t.name, t.id`;
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
