import type { TTeam, TTeamMember } from '@helpdesk/contracts';
import { sql } from '../db.ts';
import { notFound } from '../errors.ts';
import { selectTeamMembers, selectTeams, teamExists } from './queries.ts';

/** Every team by name with its member count. */
export function listTeams(): Promise<TTeam[]> {
  return selectTeams(sql);
}

/** A team's members; an unknown team is 404 rather than an empty list. */
export async function listTeamMembers(teamId: string): Promise<TTeamMember[]> {
  const members = await selectTeamMembers(sql, teamId);
  if (members.length === 0 && !(await teamExists(sql, teamId))) throw notFound('Team not found');
  return members;
}
