import type { TTicketCategory, TTicketPriority, TTrigger, TTriggerInput } from '@helpdesk/contracts';
import type { PendingQuery, Row } from 'postgres';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { type RateCell, rateCellTake } from '../limits/queries.ts';
import { type ActivePolicy, activePoliciesColumn, matchingPolicy, type PolicyRow } from '../sla/queries.ts';
import { anyWebhookEnabledColumn } from '../webhooks/queries.ts';
import type { TriggerDirectory, TriggerRule } from './rules.ts';

const triggerColumns = (db: Db) => db`
  id, name, position, is_enabled as "isEnabled", run_on as "runOn", conditions, actions,
  created_at as "createdAt", updated_at as "updatedAt"`;

/** Every rule in position order, enabled or not (the admin list). */
export function selectTriggers(db: Db): Promise<TTrigger[]> {
  return db<TTrigger[]>`select ${triggerColumns(db)} from triggers order by position`;
}

/**
 * The enabled rules in position order as one JSON column, for a ticket write to read with its first
 * statement while this process keeps no copy (rule-cache.ts): no round trip of their own.
 */
export const enabledRulesColumn = (): PendingQuery<Row[]> => sql`
  (select coalesce(json_agg(json_build_object(
            'id', g.id, 'name', g.name, 'position', g.position, 'runOn', g.run_on,
            'conditions', g.conditions, 'actions', g.actions, 'createdBy', g.created_by) order by g.position),
          '[]'::json)
   from triggers g where g.is_enabled)`;

type PolicyAndRules = {
  /** The matching policy; null when none matches, and when `policies` was read instead. */
  policy: PolicyRow | null;
  /** Every active policy, when asked for the policy cache (sla/policy-cache.ts). */
  policies: ActivePolicy[] | null;
  rules: TriggerRule[] | null;
  isAnyWebhookEnabled: boolean | null;
  /** Whether `take`'s cell was spent; true without one. */
  isTaken: boolean;
};

/**
 * What a new ticket is filed from and this process keeps no copy of: its SLA policy for its
 * priority, team and category (or, with `wants.policies`, every active policy for the cache to
 * keep), the enabled rules with `wants.rules` and whether any webhook is enabled with
 * `wants.webhookState`, in one statement that first spends `take`, the creator's filing budget
 * (rateCellTake): the limit costs no round trip of its own, and a refused take leaves the filing
 * to be refused before anything is written.
 */
export async function selectPolicyAndRules(
  db: Db,
  match: { priority: TTicketPriority; teamId: string | null; category: TTicketCategory },
  wants: { policies: boolean; rules: boolean; webhookState: boolean },
  take: RateCell | null = null,
): Promise<PolicyAndRules> {
  const [row] = await db<PolicyAndRules[]>`
    ${take === null ? sql`` : sql`with taken as (${rateCellTake(take)})`}
    select ${
      wants.policies
        ? sql`null::json`
        : matchingPolicy({
            priority: sql`${match.priority}`,
            teamId: sql`${match.teamId}::uuid`,
            category: sql`${match.category}`,
          })
    } as policy,
    ${wants.policies ? activePoliciesColumn() : sql`null::json`} as policies,
    ${wants.rules ? enabledRulesColumn() : sql`null::json`} as rules,
    ${wants.webhookState ? anyWebhookEnabledColumn() : sql`null::boolean`} as "isAnyWebhookEnabled",
    ${take === null ? sql`true` : sql`exists (select from taken)`} as "isTaken"`;
  return {
    policy: row?.policy ?? null,
    policies: row?.policies ?? null,
    rules: row?.rules ?? null,
    isAnyWebhookEnabled: row?.isAnyWebhookEnabled ?? null,
    isTaken: row?.isTaken ?? false,
  };
}

/** A rule locked for a change in the caller's transaction, or null. */
export async function selectTriggerForUpdate(db: Db, id: string): Promise<TTrigger | null> {
  const [row] = await db<TTrigger[]>`select ${triggerColumns(db)} from triggers where id = ${id} for update`;
  return row ?? null;
}

/**
 * Serializes the changes of the order (a new rule goes last, a move swaps two places) so two admins
 * never take the same place; held until the transaction ends.
 */
export async function lockTriggerOrder(db: Db): Promise<void> {
  await db`select pg_advisory_xact_lock(hashtext('triggers.position'))`;
}

export async function countTriggers(db: Db): Promise<number> {
  const [row] = await db<{ count: number }[]>`select count(*)::int as count from triggers`;
  return row?.count ?? 0;
}

/** Inserts a rule after the last one. */
export async function insertTrigger(db: Db, input: TTriggerInput, createdBy: string): Promise<TTrigger> {
  const [row] = await db<TTrigger[]>`
    insert into triggers (name, position, is_enabled, run_on, conditions, actions, created_by)
    select ${input.name}, coalesce(max(position) + 1, 0), ${input.isEnabled}, ${input.runOn},
           ${db.json(input.conditions)}, ${db.json(input.actions)}, ${createdBy}
    from triggers
    returning ${triggerColumns(db)}`;
  if (!row) throw new Error('trigger insert returned no row');
  return row;
}

export async function updateTrigger(db: Db, id: string, input: TTriggerInput): Promise<TTrigger> {
  const [row] = await db<TTrigger[]>`
    update triggers set name = ${input.name}, is_enabled = ${input.isEnabled}, run_on = ${input.runOn},
           conditions = ${db.json(input.conditions)}, actions = ${db.json(input.actions)}, updated_at = now()
    where id = ${id}
    returning ${triggerColumns(db)}`;
  if (!row) throw new Error('trigger update returned no row');
  return row;
}

/** The rule just before (up) or after (down) `position`, or null at an end. */
export async function selectNeighbour(
  db: Db,
  position: number,
  direction: 'up' | 'down',
): Promise<{ id: string; position: number } | null> {
  const [row] =
    direction === 'up'
      ? await db<{ id: string; position: number }[]>`
          select id, position from triggers where position < ${position} order by position desc limit 1`
      : await db<{ id: string; position: number }[]>`
          select id, position from triggers where position > ${position} order by position limit 1`;
  return row ?? null;
}

/** Swaps two rules' places in one statement (the unique order is checked at its end). */
export async function swapPositions(
  db: Db,
  a: { id: string; position: number },
  b: { id: string; position: number },
): Promise<void> {
  await db`set constraints triggers_position_key deferred`;
  await db`
    update triggers t set position = v.position, updated_at = now()
    from (values (${a.id}::uuid, ${b.position}::int), (${b.id}::uuid, ${a.position}::int)) v (id, position)
    where t.id = v.id`;
}

export async function deleteTrigger(db: Db, id: string): Promise<void> {
  await db`delete from triggers where id = ${id}`;
}

/** Which of these ids are active teams. */
export async function selectActiveTeamIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db<{ id: string }[]>`select id from teams where id in ${db(ids)} and is_active`;
  return new Set(rows.map((row) => row.id));
}

/** Which of these ids are active agents or admins. */
export async function selectActiveStaffIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db<{ id: string }[]>`
    select id from users where id in ${db(ids)} and status = 'active' and role in ('agent', 'admin')`;
  return new Set(rows.map((row) => row.id));
}

/** The names of the active teams and staff among these ids, as a ticket write's rules use them. */
export async function selectTriggerDirectory(
  db: Db,
  named: { teamIds: readonly string[]; userIds: readonly string[] },
): Promise<TriggerDirectory> {
  const rows = await db<{ kind: 'team' | 'staff'; id: string; name: string }[]>`
    select 'team' as kind, id, name from teams
    where id = any(${named.teamIds as string[]}::uuid[]) and is_active
    union all
    select 'staff', id, first_name || ' ' || last_name from users
    where id = any(${named.userIds as string[]}::uuid[]) and status = 'active' and role in ('agent', 'admin')`;
  const teams = new Map<string, string>();
  const staff = new Map<string, string>();
  for (const row of rows) (row.kind === 'team' ? teams : staff).set(row.id, row.name);
  return { teams, staff };
}

/** The requester's address, for a rule on its domain when the writer has not read it. */
export async function selectUserEmail(db: Db, userId: string): Promise<string | null> {
  const [row] = await db<{ email: string }[]>`select email from users where id = ${userId}`;
  return row?.email ?? null;
}

/** Which of these ids are webhooks (enabled or not: a switched-off webhook simply receives nothing). */
export async function selectWebhookIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db<{ id: string }[]>`select id from webhooks where id in ${db(ids)}`;
  return new Set(rows.map((row) => row.id));
}
