import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '@helpdesk/contracts';
import type { Sql } from 'postgres';
import { createScratchDatabase } from '../../test/helpers.ts';
import {
  createPlanTracer,
  insertPlanUsers,
  type PlanNode,
  type PlanTracer,
  plansOverRuns,
} from '../../test/query-plans.ts';
import {
  selectDashboardMetrics,
  selectSlaCounts,
  selectStaffActivity,
  selectStaffActivityOnRequesterTickets,
} from '../dashboard/queries.ts';
import { countUnreadNotifications, selectNotifications } from '../notifications/queries.ts';
import { selectMatchingPolicy } from '../sla/queries.ts';
import { planTicketEffects } from './effects.ts';
import { newSlaState, startedHold } from './hold.ts';
import {
  selectDueHoldsForUpdate,
  selectTicketDetailText,
  selectTicketHoldContext,
  selectTicketPageText,
  selectTicketSlaTimes,
  type TicketListFilters,
} from './queries.ts';
import { writeTicketHold } from './write-statement.ts';

type Scratch = Awaited<ReturnType<typeof createScratchDatabase>>;

let db: Scratch;
let tracer: PlanTracer;
let requesterId = '';
let agentId = '';
const TICKETS = 40_000;

/** Tables whose size follows the staff or the writers at once, not the data: a scan of them is fine. */
const SMALL_TABLES = new Set(['users', 'broadcast_feeds', 'broadcast_totals']);

/**
 * The rows a node is fed (the planner's estimate). A rendered page (renderedPage) sorts the rows
 * it read by their number, the page and one more: only a sort fed more than that sorts the list.
 */
const fedRows = (node: PlanNode) =>
  (node.Plans ?? []).reduce((sum, child) => sum + (child['Plan Rows'] ?? 0), 0);

/** How PostgreSQL plans the statement a query function sends. */
const planOf = (run: (sql: Sql) => Promise<unknown>) => tracer.planOf(run);

beforeAll(async () => {
  db = await createScratchDatabase();
  requesterId = (await insertPlanUsers(db.sql, 400, 5)).at(-1) ?? '';
  // A desk a few years old: 40,000 tickets over 3 years, most of them long closed. On a loaded
  // machine this insert (with 00030's counter trigger) can outlast the API's 15 s statement timeout.
  await db.sql.begin(async (tx) => {
    await tx`set local statement_timeout = 0`;
    await tx`
      insert into tickets (title, description, priority, status, requester_id, created_at,
                           sla_response_by, sla_resolve_by, responded_at, resolved_at)
      select 'Ticket ' || n, 'Generated', (array['low','medium','high','critical'])[1 + n % 4],
             case when n % 50 = 0 then 'new' when n % 50 = 1 then 'in_progress'
                  when n % 50 = 2 then 'resolved' else 'closed' end,
             requesters.ids[1 + n % array_length(requesters.ids, 1)],
             created, created + interval '8 hours', created + interval '48 hours',
             created + interval '2 hours', case when n % 50 > 1 then created + interval '20 hours' end
      from (select n, now() - (n * interval '40 minutes') as created from generate_series(1, ${TICKETS}) n) g,
           (select array_agg(id order by id) as ids from users where role = 'end_user') requesters`;
  });
  // Each ticket's work: an agent's events, spread over the same three years.
  await db.sql`
    insert into ticket_events (ticket_id, user_id, event_type, event_data, created_at)
    select t.id, agents.ids[1 + (row_number() over ()) % 5], 'status_changed', '{"to":"in_progress"}',
           t.created_at + interval '1 hour'
    from tickets t, (select array_agg(id) as ids from users where role = 'agent') agents`;
  await db.sql`
    insert into notifications (user_id, type, title, message)
    select u.id, 'ticket_created', 'N ' || n, 'M' from generate_series(1, 100) n cross join users u`;
  // A ticket_created broadcast per ticket (migration 00035), the agents' feeds (made when they
  // were inserted, so all of these are visible to them) and some read one by one.
  await db.sql`
    insert into broadcast_notifications (actor_id, type, title, message, related_entity_id, related_entity_type)
    select null, 'ticket_created', 'New ticket ' || t.ticket_number, 'M', t.id, 'ticket' from tickets t`;
  await db.sql`
    insert into broadcast_reads (user_id, broadcast_id)
    select f.user_id, b.id from broadcast_feeds f
    cross join lateral (select id from broadcast_notifications order by created_at desc limit 300) b
    where abs(hashtext(f.user_id::text || b.id::text)) % 3 = 0`;
  agentId = (await db.sql<{ id: string }[]>`select user_id as id from broadcast_feeds limit 1`)[0]?.id ?? '';
  await db.sql`analyze`;
  tracer = createPlanTracer(db.url);
}, 120_000);

afterAll(async () => {
  await tracer?.end();
  await db?.drop();
});

describe('query plans at scale', () => {
  test(`every list filter combination reads an index (staff: in order, no sort), never all ${TICKETS} rows`, async () => {
    const [middle] = await db.sql<{ at: string }[]>`select (now() - interval '1 year')::text as at`;
    const failures: string[] = [];
    for (const requester of [null, requesterId]) {
      for (const status of [null, ...TICKET_STATUSES]) {
        for (const priority of [null, ...TICKET_PRIORITIES]) {
          for (const after of [null, { at: middle?.at ?? '', id: crypto.randomUUID() }]) {
            const filters: TicketListFilters = {
              requesterId: requester,
              statuses: status === null ? null : [status],
              priorities: priority === null ? null : [priority],
            };
            const nodes = await planOf((sql) => selectTicketPageText(sql, filters, { size: 25, after }));
            const onTickets = nodes.filter((node) => node['Relation Name'] === 'tickets');
            const label = JSON.stringify({
              requester: requester !== null,
              status,
              priority,
              after: after !== null,
            });
            if (onTickets.some((node) => node['Node Type'] === 'Seq Scan'))
              failures.push(`${label}: seq scan`);
            if (!nodes.some((node) => node['Index Name']?.startsWith('tickets_')))
              failures.push(`${label}: no index`);
            // An end user's list may be sorted after its index lookup: that costs their own tickets, not the table.
            if (
              requester === null &&
              nodes.some((node) => node['Node Type'] === 'Sort' && fedRows(node) > 26)
            ) {
              failures.push(`${label}: sort`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  test('a ticket detail reads its thread through indexes in order: no sort, no scan, however long', async () => {
    const [busy] = await db.sql<{ id: string }[]>`
      select id from tickets where requester_id = ${requesterId} order by created_at desc limit 1`;
    const busyId = busy?.id ?? '';
    // A comment on every ticket, and 2,000 (a tenth internal) and their events on one of them.
    await db.sql`
      insert into ticket_comments (ticket_id, author_id, content, is_internal, created_at)
      select t.id, t.requester_id, 'Comment', false, t.created_at + interval '1 hour' from tickets t`;
    await db.sql`
      insert into ticket_comments (ticket_id, author_id, content, is_internal, created_at)
      select ${busyId}, ${requesterId}, 'Long thread ' || n, n % 10 = 0, now() - n * interval '1 minute'
      from generate_series(1, 2000) n`;
    await db.sql`
      insert into ticket_events (ticket_id, user_id, event_type, event_data, created_at)
      select ${busyId}, ${requesterId}, 'comment_added', jsonb_build_object('isInternal', n % 10 = 0),
             now() - n * interval '1 minute'
      from generate_series(1, 2000) n`;
    await db.sql`analyze ticket_comments, ticket_events`;
    const failures: string[] = [];
    for (const scope of [
      { requesterId: null, includeInternal: true },
      { requesterId, includeInternal: false },
    ]) {
      const nodes = await tracer.planOf((sql) => selectTicketDetailText(sql, busyId, scope), {
        analyze: true,
      });
      const label = scope.includeInternal ? 'staff' : 'end user';
      for (const node of nodes) {
        if (node['Node Type'] === 'Sort' && (node['Actual Rows'] ?? 0) > 0) failures.push(`${label}: sort`);
        if (
          node['Node Type'] === 'Seq Scan' &&
          ['tickets', 'ticket_comments', 'ticket_events'].includes(node['Relation Name'] ?? '')
        ) {
          failures.push(`${label}: seq scan of ${node['Relation Name']}`);
        }
      }
      const comments = nodes.find((node) => node['Relation Name'] === 'ticket_comments');
      expect(comments?.['Index Name']).toBe('ticket_comments_ticket_created_at_idx');
      // Its 2,000 plus the one every ticket has; an end user's read skips the 200 internal ones.
      expect(comments?.['Actual Rows']).toBe(scope.includeInternal ? 2001 : 1801);
    }
    expect(failures).toEqual([]);
  });

  test('the dashboard (desk and end user) and the bell read indexes only', async () => {
    const queries = [
      (sql: Sql) => selectDashboardMetrics(sql, { requesterId: null }),
      (sql: Sql) => selectStaffActivity(sql, 8),
      (sql: Sql) => selectDashboardMetrics(sql, { requesterId }),
      (sql: Sql) => selectStaffActivityOnRequesterTickets(sql, requesterId, 8),
      (sql: Sql) => selectSlaCounts(sql, { requesterId }),
      (sql: Sql) => selectNotifications(sql, requesterId, 50),
      (sql: Sql) => countUnreadNotifications(sql, requesterId),
      (sql: Sql) => selectNotifications(sql, agentId, 50),
      (sql: Sql) => countUnreadNotifications(sql, agentId),
    ];
    const seqScans: string[] = [];
    for (const [index, query] of queries.entries()) {
      const nodes = await planOf(query);
      for (const node of nodes) {
        // The users table is tiny next to tickets and events; reading all of it is the right plan.
        // So are a feed per agent and a total per concurrent writer (00035): their size follows
        // the staff, never the notifications.
        if (node['Node Type'] === 'Seq Scan' && !SMALL_TABLES.has(node['Relation Name'] ?? '')) {
          seqScans.push(`query ${index}: ${node['Relation Name']}`);
        }
      }
    }
    expect(seqScans).toEqual([]);
  });

  test("a staff member's next page, as the plan a prepared statement keeps, reads its index in order", async () => {
    // Planned without the cursor's values, the statement once had two indexes on created_at to
    // choose from and took the reports' one, sorting every page again by id (00036).
    const failures: string[] = [];
    const after = { at: new Date().toISOString(), id: crypto.randomUUID() };
    for (const status of [null, ...TICKET_STATUSES]) {
      for (const priority of [null, ...TICKET_PRIORITIES]) {
        const filters: TicketListFilters = {
          requesterId: null,
          statuses: status === null ? null : [status],
          priorities: priority === null ? null : [priority],
        };
        const nodes = await tracer.planOf((sql) => selectTicketPageText(sql, filters, { size: 49, after }), {
          generic: true,
        });
        const sorts = nodes.filter((node) => node['Node Type'].endsWith('Sort') && fedRows(node) > 50);
        if (sorts.length > 0)
          failures.push(`${JSON.stringify({ status, priority })}: ${sorts[0]?.['Node Type']}`);
      }
    }
    expect(failures).toEqual([]);
  });

  test('a ticket page is planned once, then runs its cached plan (no LIMIT parameter)', async () => {
    // With `limit $n` PostgreSQL cannot cost a generic plan at this size and plans every
    // execution again (db/literal-limit.ts): eight executions, eight plannings.
    const filters: TicketListFilters = { requesterId: null, statuses: ['in_progress'], priorities: null };
    const plans = await plansOverRuns(db.sql, "'cursorAt'", 8, (sql) =>
      selectTicketPageText(sql, filters, { size: 25, after: null }),
    );
    expect(plans.custom).toBeLessThanOrEqual(5);
    expect(plans.generic).toBeGreaterThanOrEqual(3);
  });

  test('the policy match, the hold writes, the waiting_until sweep and the SLA status read indexes only', async () => {
    // A desk with many teams, each with its own policies and calendar, and some tickets waiting.
    await db.sql`
      insert into teams (name) select 'Scale team ' || n from generate_series(1, 1500) n`;
    await db.sql`
      insert into business_calendars (name, time_zone, weekly_hours)
      select 'Scale calendar ' || n, 'Europe/Berlin',
             '{"monday":[{"start":"09:00","end":"17:00"}],"tuesday":[],"wednesday":[],"thursday":[],"friday":[],"saturday":[],"sunday":[]}'
      from generate_series(1, 200) n`;
    await db.sql`
      insert into sla_policies (name, priority, response_minutes, resolution_minutes, team_id, category, calendar_id, is_active)
      select 'Scale ' || t.name || ' ' || p.priority || coalesce(' ' || c.category, ''), p.priority, 60, 240, t.id,
             c.category, (select id from business_calendars order by id limit 1), true
      from teams t
      cross join (values ('low'), ('medium'), ('high'), ('critical')) p (priority)
      cross join (values (null), ('access'), ('hardware')) c (category)`;
    await db.sql`
      update tickets set sla_policy_id = (select id from sla_policies order by id limit 1),
                         waiting_since = created_at, waiting_until = now() + (id::text < '1')::int * interval '1 day'
      where status = 'new'`;
    await db.sql`analyze teams, business_calendars, sla_policies, tickets`;
    const [team] = await db.sql<{ id: string }[]>`select id from teams order by name limit 1`;
    const [waiting] = await db.sql<
      { id: string }[]
    >`select id from tickets where waiting_since is not null limit 1`;
    const ticketId = waiting?.id ?? '';
    const state = startedHold(newSlaState(null, Date.now()), Date.now(), null);
    const plan = planTicketEffects({
      kind: 'waiting',
      ticketId,
      before: null,
      after: null,
      actor: { id: agentId, role: 'agent', name: null },
      comment: null,
      settings: {},
      links: null,
      holdStarted: { until: null },
    });
    const slaTimes = (sql: Sql, withPolicy: boolean) =>
      selectTicketSlaTimes(
        sql,
        ticketId,
        { requesterId: null, includeInternal: true },
        { withPolicy, withActivePolicies: false },
      );
    const queries: [string, (sql: Sql) => Promise<unknown>, string | null][] = [
      [
        'policy match',
        (sql) =>
          selectMatchingPolicy(sql, { priority: 'high', teamId: team?.id ?? null, category: 'access' }),
        'sla_policies_active_match_key',
      ],
      [
        'policy match, no team',
        (sql) => selectMatchingPolicy(sql, { priority: 'low', teamId: null, category: 'other' }),
        'sla_policies_active_match_key',
      ],
      [
        'hold context',
        (sql) => selectTicketHoldContext(sql, ticketId, { forUpdate: true, withPolicy: true }),
        'tickets_pkey',
      ],
      ['hold write', (sql) => writeTicketHold(sql, ticketId, state, plan), 'tickets_pkey'],
      [
        'hold write, as read',
        async (sql) => {
          const read = await selectTicketHoldContext(sql, ticketId, { forUpdate: false, withPolicy: false });
          return writeTicketHold(sql, ticketId, state, plan, read?.version ?? null);
        },
        'tickets_pkey',
      ],
      [
        'waiting_until sweep',
        (sql) => selectDueHoldsForUpdate(sql, { now: new Date(), limit: 100 }),
        'tickets_waiting_until_idx',
      ],
      // The active policies, read once a cache lifetime, are the whole small table, as a filing reads them.
      ['SLA status with its policy', (sql) => slaTimes(sql, true), null],
      ['SLA status, the policies cached', (sql) => slaTimes(sql, false), 'tickets_pkey'],
    ];
    const failures: string[] = [];
    for (const [name, query, index] of queries) {
      const nodes = await planOf(query);
      for (const node of nodes) {
        if (node['Node Type'] === 'Seq Scan' && !SMALL_TABLES.has(node['Relation Name'] ?? '')) {
          failures.push(`${name}: seq scan of ${node['Relation Name']}`);
        }
      }
      if (index !== null && !nodes.some((node) => node['Index Name'] === index)) {
        failures.push(`${name}: not through ${index}`);
      }
    }
    expect(failures).toEqual([]);
  });

  test('ticket numbers keep every digit past TKT-999999 and stay unique', async () => {
    await db.sql`select setval('ticket_number_seq', 999998)`;
    const rows = await db.sql<{ ticketNumber: string }[]>`
      insert into tickets (title, description, requester_id)
      select 'Number ' || n, 'x', ${requesterId} from generate_series(1, 3) n
      returning ticket_number as "ticketNumber"`;
    expect(rows.map((row) => row.ticketNumber).sort()).toEqual(['TKT-1000000', 'TKT-1000001', 'TKT-999999']);
  });
});
