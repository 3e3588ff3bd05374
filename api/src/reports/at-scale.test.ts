import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Sql } from 'postgres';
import { clearOfUtcMidnight } from '../../test/clock.ts';
import { createScratchDatabase } from '../../test/helpers.ts';
import { createPlanTracer, type PlanTracer } from '../../test/query-plans.ts';
import {
  type ReportWindow,
  selectCreatedStats,
  selectDurationMedians,
  selectDurationStats,
  selectReportWindow,
  selectStaffWithOpenCounts,
} from './queries.ts';

type Scratch = Awaited<ReturnType<typeof createScratchDatabase>>;

let db: Scratch;
let tracer: PlanTracer;
const TICKETS = 40_000;

/** How PostgreSQL plans the statement a query function sends. */
const planOf = (run: (sql: Sql) => Promise<unknown>) => tracer.planOf(run);

beforeAll(async () => {
  db = await createScratchDatabase();
  // In one transaction without the API's statement timeout: on a busy machine the tickets' insert
  // (with the counter triggers) can outlast it.
  await db.sql.begin(async (tx) => {
    await tx`set local statement_timeout = 0`;
    await tx`
      insert into users (username, email, password_hash, first_name, last_name, role, status)
      select 'scale_user_' || n, 'scale_user_' || n || '@example.test', 'x', 'Scale', 'User ' || n,
             case when n <= 8 then 'agent' else 'end_user' end, 'active'
      from generate_series(1, 200) n`;
    // A desk three years old: 40,000 tickets, one every 40 minutes, almost all answered and resolved.
    await tx`
      insert into tickets (title, description, priority, category, status, requester_id, assignee_id,
                           created_at, sla_response_by, sla_resolve_by, responded_at, resolved_at)
      select 'Ticket ' || n, 'Generated', (array['low','medium','high','critical'])[1 + n % 4],
             (array['technical','access','software','hardware','other'])[1 + n % 5],
             case when n % 50 = 0 then 'new' when n % 50 = 1 then 'in_progress' else 'resolved' end,
             people.requesters[1 + n % array_length(people.requesters, 1)],
             people.agents[1 + n % array_length(people.agents, 1)],
             created, created + interval '8 hours', created + interval '48 hours',
             case when n % 50 > 0 then created + (n % 7) * interval '1 hour' end,
             case when n % 50 > 1 then created + (n % 60) * interval '1 hour' end
      from (select n, now() - (n * interval '40 minutes') as created from generate_series(1, ${TICKETS}) n) g,
           (select array_agg(id order by id) filter (where role = 'end_user') as requesters,
                   array_agg(id order by id) filter (where role = 'agent') as agents
            from users) people`;
  });
  // As autovacuum would have by now: statistics, and the visibility map index-only scans rely on.
  await db.sql`vacuum analyze tickets`;
  tracer = createPlanTracer(db.url);
}, 120_000);

afterAll(async () => {
  await tracer?.end();
  await db?.drop();
});

describe('report query plans at scale', () => {
  test(`up to 90 days, every pass reads its covering index for the window only, never all ${TICKETS} tickets`, async () => {
    const failures: string[] = [];
    for (const count of [7, 30, 90]) {
      for (const timeZone of ['UTC', 'America/New_York']) {
        const w: ReportWindow = await selectReportWindow(tracer.sql, {
          unit: 'day',
          count,
          timeZone,
          asOf: null,
        });
        const passes: [string, string, (sql: Sql) => Promise<unknown>][] = [
          ['created', 'tickets_created_idx', (sql) => selectCreatedStats(sql, w)],
          ['resolved', 'tickets_report_resolved_idx', (sql) => selectDurationStats(sql, w, 'resolved_at')],
          ['responded', 'tickets_report_responded_idx', (sql) => selectDurationStats(sql, w, 'responded_at')],
          [
            'resolved medians',
            'tickets_report_resolved_idx',
            (sql) => selectDurationMedians(sql, w, 'resolved_at'),
          ],
          [
            'responded medians',
            'tickets_report_responded_idx',
            (sql) => selectDurationMedians(sql, w, 'responded_at'),
          ],
          ['open per agent', 'tickets_open_assignee_idx', (sql) => selectStaffWithOpenCounts(sql, [])],
        ];
        for (const [label, index, run] of passes) {
          const nodes = await planOf(run);
          const onTickets = nodes.filter((node) => node['Relation Name'] === 'tickets');
          const where = `${label} ${count} days ${timeZone}`;
          if (onTickets.some((node) => node['Node Type'] === 'Seq Scan')) failures.push(`${where}: seq scan`);
          if (!onTickets.some((node) => node['Index Name'] === index))
            failures.push(
              `${where}: not ${index} but ${onTickets.map((n) => `${n['Node Type']}:${n['Index Name']}`).join(' ')}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  test('a day-bucket window holds exactly its days, the last one today', async () => {
    // The window is cut on the database's clock, "today" below on this process's: one UTC day.
    await clearOfUtcMidnight(db.sql);
    const w = await selectReportWindow(tracer.sql, { unit: 'day', count: 30, timeZone: 'UTC', asOf: null });
    expect(w.buckets).toHaveLength(30);
    expect(w.bucketStarts).toHaveLength(30);
    expect(w.buckets.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    const rows = await selectCreatedStats(tracer.sql, w);
    const total = rows.find((row) => row.level === 'total');
    const [expected] = await tracer.sql<{ count: number }[]>`
      select count(*)::int as count from tickets where created_at >= ${w.from} and created_at <= ${w.to}`;
    expect(total?.created).toBe(expected?.count ?? -1);
    const perBucket = rows.filter((row) => row.level === 'bucket').reduce((sum, row) => sum + row.created, 0);
    expect(perBucket).toBe(expected?.count ?? -1);
  }, 30_000);
});
