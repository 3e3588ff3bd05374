import type { Db } from '../db/postgres.ts';

// Any fixed 64-bit number every process agrees on (migrations use 740_212_001).
const AUTO_ASSIGN_LOCK_KEY = 740_212_002;

/**
 * Serialises auto assignments across every worker until the transaction ends, so two of them
 * never both pick the same "least loaded" agent from counts that are about to change.
 */
export async function lockAutoAssignment(db: Db): Promise<void> {
  await db`select pg_advisory_xact_lock(${AUTO_ASSIGN_LOCK_KEY})`;
}

export type AgentPick = { id: string; name: string };

/**
 * The active agent with the fewest open (new or in progress) tickets, among a team's members or
 * among all agents (teamId null); ties go to whoever was auto-assigned least recently (never
 * first), then by id. Each count is one probe of tickets_open_assignee_idx.
 */
export async function selectLeastLoadedAgent(db: Db, teamId: string | null): Promise<AgentPick | null> {
  const [row] = await db<AgentPick[]>`
    select u.id, u.first_name || ' ' || u.last_name as name
    from users u
    left join auto_assign_turns turn on turn.user_id = u.id
    cross join lateral (
      select count(*) as open_count from tickets t
      where t.assignee_id = u.id and t.status in ('new', 'in_progress')
    ) load
    where u.role = 'agent' and u.status = 'active'
      ${teamId === null ? db`` : db`and u.id in (select m.user_id from team_members m where m.team_id = ${teamId})`}
    order by load.open_count, turn.last_assigned_at nulls first, u.id
    limit 1`;
  return row ?? null;
}

/** Records that the agent just got a ticket (clock time: later than every earlier turn under the lock). */
export async function upsertAutoAssignTurn(db: Db, userId: string): Promise<void> {
  await db`
    insert into auto_assign_turns (user_id, last_assigned_at) values (${userId}, clock_timestamp())
    on conflict (user_id) do update set last_assigned_at = excluded.last_assigned_at`;
}
