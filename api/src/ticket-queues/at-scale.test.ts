/**
 * The queue views' counts and bulk changes' id check at scale: on a generated desk, every
 * statement reads indexes and counters, never the tickets table, and the bounded reads stop at
 * VIEW_COUNT_CAP + 1 rows however many tickets match.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Sql } from 'postgres';
import { createScratchDatabase } from '../../test/helpers.ts';
import { createPlanTracer, insertPlanUsers, type PlanNode, type PlanTracer } from '../../test/query-plans.ts';
import {
  selectMissingTicketIds,
  selectRequesterViewCounts,
  selectStaffViewCounts,
  VIEW_COUNT_CAP,
} from './queries.ts';

type Scratch = Awaited<ReturnType<typeof createScratchDatabase>>;

let db: Scratch;
let tracer: PlanTracer;
let agentId = '';
let busyRequesterId = '';
const TICKETS = 40_000;

beforeAll(async () => {
  db = await createScratchDatabase();
  const users = await insertPlanUsers(db.sql, 200, 5);
  agentId = users[0] ?? '';
  busyRequesterId = users.at(-1) ?? '';
  const [team] = await db.sql<{ id: string }[]>`insert into teams (name) values ('Plan team') returning id`;
  await db.sql`insert into team_members (team_id, user_id) values (${team?.id ?? ''}, ${agentId})`;
  // A tenth open; of those, a third past their risk moment (more than the cap), some waiting. The
  // busy requester files one ticket in 37 (more than the cap), the others a few each.
  await db.sql.begin(async (tx) => {
    await tx`set local statement_timeout = 0`;
    await tx`
      insert into tickets (title, description, status, requester_id, assignee_id, team_id, created_at,
                           sla_response_by, sla_resolve_by, sla_response_risk_at, sla_resolve_risk_at,
                           responded_at, waiting_since)
      select 'Ticket ' || n, 'Generated', case when n % 10 = 0 then 'new' else 'closed' end,
             case when n % 37 = 0 then ${busyRequesterId}::uuid else (${users}::uuid[])[10 + n % 150] end,
             case when n % 4 = 0 then ${agentId}::uuid end, case when n % 5 = 0 then ${team?.id ?? ''}::uuid end,
             created, created + interval '8 hours', created + interval '48 hours',
             case when n % 30 = 0 then created + interval '6 hours' else now() + interval '1 day' end,
             case when n % 30 = 0 then created + interval '36 hours' else now() + interval '2 days' end,
             case when n % 20 = 0 then created + interval '1 hour' end,
             case when n % 70 = 0 then created + interval '2 hours' end
      from (select n, now() - (n * interval '10 minutes') as created from generate_series(1, ${TICKETS}) n) g`;
  });
  // Vacuumed as autovacuum keeps a live desk: index-only scans need the visibility map.
  await db.sql`vacuum analyze`;
  tracer = createPlanTracer(db.url);
}, 120_000);

afterAll(async () => {
  await tracer?.end();
  await db?.drop();
});

/** Tickets rows read by every node of an analysed plan. */
const ticketRowsRead = (nodes: PlanNode[]) =>
  nodes
    .filter((node) => node['Relation Name'] === 'tickets' || node['Index Name']?.startsWith('tickets_'))
    .reduce((sum, node) => sum + (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1), 0);

describe('view counts and bulk checks at scale', () => {
  test('the staff counts read counters and an index of open tickets, stopped at the cap', async () => {
    const nodes = await tracer.planOf((sql: Sql) => selectStaffViewCounts(sql, agentId), { analyze: true });
    expect(
      nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'tickets'),
    ).toEqual([]);
    // An index of open tickets (the risk moment's, or another one the at-risk filter is checked
    // on while the at-risk share is high), stopped by the limit: no sort, never the whole table.
    expect(nodes.some((node) => node['Index Name']?.startsWith('tickets_open_'))).toBe(true);
    expect(nodes.filter((node) => node['Node Type'] === 'Sort')).toEqual([]);
    expect(ticketRowsRead(nodes)).toBeLessThanOrEqual(TICKETS / 10);
    const counts = await selectStaffViewCounts(db.sql, agentId);
    expect(counts.atRisk).toBe(VIEW_COUNT_CAP + 1);
    const [plain] = await db.sql<{ open: number; mine: number }[]>`
      select count(*) filter (where status = 'new')::int as open,
             count(*) filter (where status = 'new' and assignee_id = ${agentId})::int as mine from tickets`;
    expect({ open: counts.open, mine: counts.mine, all: counts.all }).toEqual({
      open: plain?.open ?? -1,
      mine: plain?.mine ?? -1,
      all: TICKETS,
    });
  });

  test("an end user's counts read their requester index, at most the cap of tickets each", async () => {
    const nodes = await tracer.planOf((sql: Sql) => selectRequesterViewCounts(sql, busyRequesterId), {
      analyze: true,
    });
    expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(ticketRowsRead(nodes)).toBeLessThanOrEqual(2 * (VIEW_COUNT_CAP + 1));
    const [own] = await db.sql<{ open: number }[]>`
      select count(*)::int as open from tickets where requester_id = ${busyRequesterId} and status = 'new'`;
    expect(await selectRequesterViewCounts(db.sql, busyRequesterId)).toEqual({
      open: own?.open ?? -1,
      all: VIEW_COUNT_CAP + 1,
    });
  });

  test("a bulk change's id check reads the primary key once per id", async () => {
    const ids = (await db.sql<{ id: string }[]>`select id from tickets limit 100`).map((row) => row.id);
    const nodes = await tracer.planOf((sql: Sql) => selectMissingTicketIds(sql, ids), { analyze: true });
    expect(
      nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'tickets'),
    ).toEqual([]);
    expect(ticketRowsRead(nodes)).toBeLessThanOrEqual(ids.length);
  });
});
