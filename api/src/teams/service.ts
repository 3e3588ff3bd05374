import {
  type TAddTeamMembersRequest,
  type TAddTeamMembersResponse,
  TEAM_MESSAGES,
  type TTeam,
  type TTeamMember,
  type TUser,
  type ZCreateTeamRequest,
  type ZUpdateTeamRequest,
} from '@helpdesk/contracts';
import type { z } from 'zod';
import { type AuditDetails, insertAuditEntry } from '../audit/queries.ts';
import type { RequestMeta } from '../client-ip.ts';
import { type Db, uniqueViolation } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import {
  deleteTeam,
  deleteTeamMember,
  insertTeam,
  insertTeamMembers,
  selectMemberCandidatesForShare,
  selectTeamByIdForUpdate,
  selectTeamMembers,
  selectTeams,
  teamExists,
  updateTeam,
} from './queries.ts';

type Actor = { admin: TUser; meta: RequestMeta };

const teamNotFound = () => notFound(TEAM_MESSAGES.teamNotFound);

function audit(tx: Db, actor: Actor, action: string, targetUserId: string | null, details: AuditDetails) {
  return insertAuditEntry(tx, {
    adminUserId: actor.admin.id,
    action,
    targetUserId,
    details,
    ipAddress: actor.meta.ipAddress,
    userAgent: actor.meta.userAgent,
  });
}

/** A name clash on the case-insensitive unique index is the client's 409, not a 500. */
function nameConflictOf(error: unknown) {
  return uniqueViolation(error) === 'teams_name_lower_key'
    ? conflict(TEAM_MESSAGES.nameExists, { name: TEAM_MESSAGES.nameExists })
    : null;
}

const descriptionOf = (value: string | null | undefined) => (value ? value : null);

/** Every team by name with its member count. */
export function listTeams(): Promise<TTeam[]> {
  return selectTeams(sql);
}

/** A team's members; an unknown team is 404 rather than an empty list. */
export async function listTeamMembers(teamId: string): Promise<TTeamMember[]> {
  const members = await selectTeamMembers(sql, teamId);
  if (members.length === 0 && !(await teamExists(sql, teamId))) throw teamNotFound();
  return members;
}

/** Creates a team (name unique whatever its case) with a 'team.created' audit row. */
export async function createTeam(actor: Actor, input: z.output<typeof ZCreateTeamRequest>): Promise<TTeam> {
  try {
    return await sql.begin(async (tx) => {
      const team = await insertTeam(tx, { name: input.name, description: descriptionOf(input.description) });
      await audit(tx, actor, 'team.created', null, { teamId: team.id, name: team.name });
      return team;
    });
  } catch (error) {
    throw nameConflictOf(error) ?? error;
  }
}

/** Renames, describes or (de)activates a team, auditing each changed field's before and after. */
export async function changeTeam(
  actor: Actor,
  teamId: string,
  input: z.output<typeof ZUpdateTeamRequest>,
): Promise<TTeam> {
  try {
    return await sql.begin(async (tx) => {
      const current = await selectTeamByIdForUpdate(tx, teamId);
      if (!current) throw teamNotFound();
      const next = {
        name: input.name ?? current.name,
        description: input.description === undefined ? current.description : descriptionOf(input.description),
        isActive: input.isActive ?? current.isActive,
      };
      const changes: Record<string, { from: string | boolean | null; to: string | boolean | null }> = {};
      for (const field of ['name', 'description', 'isActive'] as const) {
        if (next[field] !== current[field]) changes[field] = { from: current[field], to: next[field] };
      }
      if (Object.keys(changes).length === 0) return current;
      const updated = await updateTeam(tx, teamId, next);
      await audit(tx, actor, 'team.updated', null, { teamId, name: updated.name, changes });
      return updated;
    });
  } catch (error) {
    throw nameConflictOf(error) ?? error;
  }
}

/** Deletes a team and its memberships; its tickets stay, with no team. Audited with what it had. */
export async function removeTeam(actor: Actor, teamId: string): Promise<void> {
  await sql.begin(async (tx) => {
    const team = await selectTeamByIdForUpdate(tx, teamId);
    if (!team) throw teamNotFound();
    await deleteTeam(tx, teamId);
    await audit(tx, actor, 'team.deleted', null, {
      teamId,
      name: team.name,
      memberCount: team.memberCount,
    });
  });
}

/**
 * Adds several members at once. Every user must exist and be an active agent or admin, else 400
 * naming them and nothing changes; users already in the team are skipped. One
 * 'team.members_added' audit row when anyone was added (target: the user when exactly one).
 */
export async function addTeamMembers(
  actor: Actor,
  teamId: string,
  input: TAddTeamMembersRequest,
): Promise<TAddTeamMembersResponse> {
  return sql.begin(async (tx) => {
    const team = await selectTeamByIdForUpdate(tx, teamId);
    if (!team) throw teamNotFound();
    const candidates = await selectMemberCandidatesForShare(tx, [...input.userIds]);
    const byId = new Map(candidates.map((c) => [c.id, c]));
    const refused = input.userIds.flatMap((id) => {
      const candidate = byId.get(id);
      if (!candidate) return [id];
      const isEligible =
        candidate.status === 'active' && (candidate.role === 'agent' || candidate.role === 'admin');
      return isEligible ? [] : [candidate.username];
    });
    if (refused.length > 0) {
      const message = `${TEAM_MESSAGES.membersNotEligible}: ${refused.join(', ')}`;
      throw badRequest(message, { userIds: message });
    }
    const addedIds = await insertTeamMembers(tx, teamId, [...input.userIds]);
    if (addedIds.length > 0) {
      await audit(tx, actor, 'team.members_added', addedIds.length === 1 ? (addedIds[0] ?? null) : null, {
        teamId,
        teamName: team.name,
        userIds: addedIds,
        usernames: addedIds.map((id) => byId.get(id)?.username ?? id),
      });
    }
    return { added: addedIds.length, members: await selectTeamMembers(tx, teamId) };
  });
}

/** Removes one member (404 when the team or the membership does not exist), audited. */
export async function removeTeamMember(actor: Actor, teamId: string, userId: string): Promise<void> {
  await sql.begin(async (tx) => {
    const team = await selectTeamByIdForUpdate(tx, teamId);
    if (!team) throw teamNotFound();
    const username = await deleteTeamMember(tx, teamId, userId);
    if (username === null) throw notFound(TEAM_MESSAGES.memberNotFound);
    await audit(tx, actor, 'team.member_removed', userId, { teamId, teamName: team.name, username });
  });
}
