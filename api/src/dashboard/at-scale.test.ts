/**
 * The dashboard's numbers at scale, read from real plans (EXPLAIN ANALYZE): the desk's statement
 * scans neither tickets nor the counters, sorts nothing, and reads the same rows after the table
 * doubles with history: its cost follows the clock (30 days, one partial hour at each end), not the
 * table.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Sql } from 'postgres';
import { createScratchDatabase } from '../../test/helpers.ts';
import { createPlanTracer, insertPlanUsers, type PlanNode, type PlanTracer } from '../../test/query-plans.ts';
import { selectDueHoldsForUpdate } from '../tickets/queries.ts';
import { selectDashboardMetrics, selectDeskMetrics } from './queries.ts';

type Scratch = Awaited<ReturnType<typeof createScratchDatabase>>;

let db: Scratch;
let tracer: PlanTracer;
let requesterId = '';
const TICKETS = 40_000;

/** Runs a query function, then runs the statement it sent again under EXPLAIN ANALYZE. */
const analyzedPlanOf = (run: (sql: Sql) => Promise<unknown>) => tracer.planOf(run, { analyze: true });

/** Rows each table gave the plan, all loops included. */
function rowsReadFrom(nodes: PlanNode[], relation: string): number {
  return nodes
    .filter((node) => node['Relation Name'] === relation)
    .reduce((sum, node) => sum + (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1), 0);
}

/**
 * `count` tickets created from `fromDays` to `toDays` days ago, newest ones open, older ones done,
 * some late; in batches, so no statement nears the statement timeout on a busy machine.
 */
async function insertHistory(count: number, fromDays: number, toDays: number): Promise<void> {
  const BATCH = 5_000;
  for (let first = 1; first <= count; first += BATCH) {
    await db.sql`
      insert into tickets (title, description, priority, status, requester_id, created_at,
                           sla_response_by, sla_resolve_by, responded_at, resolved_at, closed_at)
      select 'Ticket ' || n, 'Generated', (array['low', 'medium', 'high', 'critical'])[1 + n % 4],
             case when age < interval '3 days' and n % 3 > 0 then (array['new', 'in_progress'])[1 + n % 2]
                  when n % 40 = 0 then 'in_progress'
                  when age < interval '20 days' then 'resolved' else 'closed' end,
             requesters.ids[1 + n % array_length(requesters.ids, 1)],
             now() - age, now() - age + interval '8 hours', now() - age + interval '48 hours',
             case when n % 5 > 0 then now() - age + (n % 11) * interval '1 hour' end,
             case when not (age < interval '3 days' and n % 3 > 0) and n % 40 > 0
                  then now() - age + (n % 60) * interval '1 hour' end,
             case when age >= interval '20 days' and n % 40 > 0 then now() - age + interval '70 hours' end
      from (select n, ${fromDays} * interval '1 day'
                      - (n::float8 / ${count}) * ${fromDays - toDays} * interval '1 day' as age
            from generate_series(${first}::int, ${Math.min(first + BATCH - 1, count)}::int) n) g,
           (select array_agg(id order by id) as ids from users where role = 'end_user') requesters`;
  }
  await db.sql`analyze tickets`;
  await db.sql`analyze ticket_counters`;
}

beforeAll(async () => {
  db = await createScratchDatabase();
  requesterId = (await insertPlanUsers(db.sql, 400, 5)).at(-1) ?? '';
  // A desk three years old: 40,000 tickets, the last few days mostly open.
  await insertHistory(TICKETS, 3 * 365, 0);
  tracer = createPlanTracer(db.url, { TimeZone: 'UTC' });
}, 300_000);

afterAll(async () => {
  await tracer?.end();
  await db?.drop();
});

describe('dashboard metrics at scale', () => {
  test('the desk reads counters and one partial hour of tickets: no scan, no sort, the same rows after the table doubles', async () => {
    const desk = (sql: Sql) => selectDashboardMetrics(sql, { requesterId: null });
    // Which hour buckets and which partial hours a reading takes follow its clock, and the second
    // history takes seconds to insert: readings compared row for row are made at one moment (an
    // hour starting in between changed the counter rows read, any minute the ticket rows).
    const at = new Date().toISOString();
    const deskAt = (sql: Sql) => selectDeskMetrics(sql, at);
    const before = await analyzedPlanOf(desk);
    const beforeAt = await analyzedPlanOf(deskAt);
    // Three more years of closed history: twice the tickets, none of them in the last 30 days.
    await insertHistory(TICKETS, 6 * 365, 3 * 365 + 1);
    const after = await analyzedPlanOf(desk);
    const afterAt = await analyzedPlanOf(deskAt);

    for (const nodes of [before, after, beforeAt, afterAt]) {
      const scans = nodes.filter(
        (node) =>
          node['Node Type'] === 'Seq Scan' &&
          (node['Relation Name'] === 'tickets' || node['Relation Name'] === 'ticket_counters'),
      );
      expect(scans).toEqual([]);
      expect(nodes.filter((node) => node['Node Type'].includes('Sort'))).toEqual([]);
      expect(nodes.some((node) => node['Index Name']?.startsWith('ticket_counters'))).toBe(true);
      // Counter rows: 'total', about 31 days and at most 46 hours (the partial days at each end).
      expect(rowsReadFrom(nodes, 'ticket_counters')).toBeLessThan(100);
      // Tickets: only those of the partial hours, never the 30 days (about 1,300 here) or the table.
      expect(rowsReadFrom(nodes, 'tickets')).toBeLessThan(50);
    }
    expect(rowsReadFrom(afterAt, 'tickets')).toBe(rowsReadFrom(beforeAt, 'tickets'));
    expect(rowsReadFrom(afterAt, 'ticket_counters')).toBe(rowsReadFrom(beforeAt, 'ticket_counters'));
  }, 300_000);

  test('holds on the requester keep the desk on its counters; the date sweep reads only the holds that are due', async () => {
    // Every open ticket waits (its resolution deadline set aside), a tenth of them past their date.
    await db.sql`
      update tickets set waiting_since = now() - interval '1 hour', waiting_resolve_by = sla_resolve_by,
                         sla_resolve_by = null,
                         waiting_until = now() + case when abs(hashtext(id::text)) % 10 = 0 then -1 else 1 end
                                                 * interval '1 hour'
      where status in ('new', 'in_progress')`;
    await db.sql`analyze tickets`;
    const [held] = await db.sql<{ due: number; waiting: number }[]>`
      select count(*) filter (where waiting_until <= now())::int as due, count(waiting_since)::int as waiting
      from tickets`;
    expect(held?.waiting).toBeGreaterThan(500);
    const desk = await analyzedPlanOf((sql) => selectDashboardMetrics(sql, { requesterId: null }));
    expect(desk.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(rowsReadFrom(desk, 'ticket_counters')).toBeLessThan(100);
    expect(rowsReadFrom(desk, 'tickets')).toBeLessThan(50);
    const sweep = await analyzedPlanOf((sql) =>
      selectDueHoldsForUpdate(sql, { now: new Date(), limit: 100 }),
    );
    expect(sweep.some((node) => node['Index Name'] === 'tickets_waiting_until_idx')).toBe(true);
    expect(
      sweep.filter((node) => node['Node Type'] === 'Seq Scan' || node['Node Type'].includes('Sort')),
    ).toEqual([]);
    expect(rowsReadFrom(sweep, 'tickets')).toBeLessThanOrEqual(Math.min(100, held?.due ?? 0));
  }, 300_000);

  test("an end user's numbers read their own tickets through the requester index", async () => {
    const nodes = await analyzedPlanOf((sql) => selectDashboardMetrics(sql, { requesterId }));
    expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
    const [mine] = await db.sql<{ count: number }[]>`
      select count(*)::int as count from tickets where requester_id = ${requesterId}`;
    // Each of the four subqueries reads at most the requester's tickets.
    expect(rowsReadFrom(nodes, 'tickets')).toBeLessThanOrEqual(4 * (mine?.count ?? 0));
  });
});
