/**
 * The desk's dashboard numbers come from counters a trigger keeps (migration 00030). These tests
 * hold them to the documented definition: after random sequences of writes (creates, status
 * changes, first responses, deadline changes, holds on the requester and business-hours
 * recomputations, reassignments, deletes, bulk statements, rolled-back
 * transactions, backdated and odd rows), concurrent writers on separate pools, and the migration's
 * backfill, the counters must equal a recount, and the four numbers must equal the plain count over
 * the tickets table, read at any moment.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TDashboardMetrics, TTicketStatus } from '@helpdesk/contracts';
import type { Sql } from 'postgres';
import { createScratchDatabase } from '../../test/helpers.ts';
import { raceTransactions } from '../../test/race.ts';
import { MIGRATIONS_DIR, migrate } from '../db/migrate.ts';
import type { Db } from '../db/postgres.ts';
import { createRandom, type Random } from '../seed/random.ts';
import { withTicketPolicy } from '../sla/policy-cache.ts';
import { calendarOf, clockOf } from '../sla/policy-match.ts';
import { selectMatchingPolicy } from '../sla/queries.ts';
import { WEEKDAYS_NINE_TO_FIVE } from '../sla/test-fixtures.ts';
import { planTicketEffects } from '../tickets/effects.ts';
import {
  endedHold,
  newSlaState,
  recomputedSla,
  type SlaState,
  slaStateOf,
  startedHold,
} from '../tickets/hold.ts';
import { selectTicketHoldContext, type TicketHoldContext, updateTicket } from '../tickets/queries.ts';
import { writeTicketHold } from '../tickets/write-statement.ts';
import { insertPerson } from '../worker/test-fixtures.ts';
import { selectDeskMetrics } from './queries.ts';

type Scratch = Awaited<ReturnType<typeof createScratchDatabase>>;

const SECOND_US = 1_000_000;
const HOUR_US = 3600 * SECOND_US;
const DAY_US = 24 * HOUR_US;
const STATUSES: readonly TTicketStatus[] = ['new', 'in_progress', 'resolved', 'closed'];

/** A microsecond-precise timestamptz literal (JavaScript dates stop at milliseconds). */
function iso(us: number): string {
  const ms = Math.floor(us / 1000);
  const micro = String(us - ms * 1000).padStart(3, '0');
  return new Date(ms).toISOString().replace('Z', `${micro}Z`);
}

/** The documented definition, straight over the tickets table, read at `at` (the pre-counter query). */
async function countedFromTickets(db: Db, at: string): Promise<TDashboardMetrics> {
  const [row] = await db<TDashboardMetrics[]>`
    with c as (select ${at}::timestamptz as now)
    select
      (select count(*)::int from tickets t where t.status in ('new', 'in_progress')) as "openTickets",
      (select count(*)::int from tickets t, c
        where t.resolved_at >= date_trunc('day', c.now at time zone 'UTC') at time zone 'UTC') as "resolvedToday",
      (select coalesce(round((avg(extract(epoch from t.resolved_at - t.created_at)) / 3600)::numeric, 1), 0)::float8
        from tickets t, c where t.resolved_at >= c.now - interval '30 days') as "avgResolutionHours",
      (select count(*)::int from (
        select t.id from tickets t, c
          where t.status in ('new', 'in_progress') and t.sla_resolve_by <= c.now
        union
        select t.id from tickets t, c
          where t.status in ('new', 'in_progress') and t.responded_at is null and t.sla_response_by <= c.now
        union
        select t.id from tickets t, c
          where t.resolved_at >= c.now - interval '30 days' and t.resolved_at > t.sla_resolve_by
        union
        select t.id from tickets t, c
          where t.responded_at >= c.now - interval '30 days' and t.responded_at > t.sla_response_by
      ) breaches) as "slaBreaches"`;
  if (!row) throw new Error('no row');
  return row;
}

type Bucket = {
  period: string;
  startsAt: string;
  openTickets: string;
  openWithDeadline: string;
  resolved: string;
  resolutionSeconds: string;
  late: string;
  due: string;
};

/** The counters summed over their slots, leaving out buckets that add up to nothing. */
async function counterBuckets(db: Sql): Promise<Bucket[]> {
  return [
    ...(await db<Bucket[]>`
      select period, starts_at::text as "startsAt", sum(open_tickets)::text as "openTickets",
             sum(open_with_deadline)::text as "openWithDeadline", sum(resolved)::text as resolved,
             trim_scale(sum(resolution_seconds))::text as "resolutionSeconds", sum(late)::text as late, sum(due)::text as due
      from ticket_counters
      group by period, starts_at
      having sum(open_tickets) <> 0 or sum(open_with_deadline) <> 0 or sum(resolved) <> 0
          or sum(resolution_seconds) <> 0 or sum(late) <> 0 or sum(due) <> 0
      order by period, starts_at`),
  ];
}

/** The same buckets recounted from every ticket, as the migration's backfill does. */
async function recountedBuckets(db: Sql): Promise<Bucket[]> {
  return [
    ...(await db<Bucket[]>`
      select r.period, r.starts_at::text as "startsAt", sum(r.open_tickets)::text as "openTickets",
             sum(r.open_with_deadline)::text as "openWithDeadline", sum(r.resolved)::text as resolved,
             trim_scale(sum(r.resolution_seconds))::text as "resolutionSeconds", sum(r.late)::text as late, sum(r.due)::text as due
      from tickets t
      cross join lateral ticket_counter_rows(t.status, t.created_at, t.sla_response_by, t.sla_resolve_by,
                                             t.responded_at, t.resolved_at) r
      group by r.period, r.starts_at
      having sum(r.open_tickets) <> 0 or sum(r.open_with_deadline) <> 0 or sum(r.resolved) <> 0
          or sum(r.resolution_seconds) <> 0 or sum(r.late) <> 0 or sum(r.due) <> 0
      order by r.period, r.starts_at`),
  ];
}

/**
 * Moments worth reading at: random ones around `baseUs`, and the edges the counters split on
 * (deadlines, 30 days after late events and resolutions, hour and day starts), a microsecond
 * either side.
 */
async function momentsToCheck(db: Sql, random: Random, baseUs: number, count: number): Promise<string[]> {
  const moments = new Set<string>([iso(baseUs)]);
  for (let i = 0; i < count; i++) moments.add(iso(baseUs + Math.round((random.next() * 65 - 50) * DAY_US)));
  const edges = await db<{ at: string }[]>`
    with k as (
      select ticket_breach_at(status, sla_response_by, sla_resolve_by, responded_at) as breach_at,
             ticket_late_at(sla_response_by, sla_resolve_by, responded_at, resolved_at) + interval '720 hours' as late_end,
             resolved_at + interval '720 hours' as resolved_end
      from tickets order by random() limit ${count}
    ), e as (
      select unnest(array[breach_at, late_end, resolved_end,
                          date_trunc('hour', breach_at), date_trunc('hour', late_end), date_trunc('day', resolved_end)]) as at
      from k
    )
    select (e.at + d.shift)::text as at
    from e, (values (interval '-1 microsecond'), (interval '0'), (interval '1 microsecond')) d (shift)
    where e.at is not null`;
  for (const { at } of edges) moments.add(at);
  return [...moments];
}

/** Counters equal the recount, and the numbers equal the plain count at every moment. */
async function expectCountersExact(
  db: Sql,
  random: Random,
  baseUs: number,
  moments = 40,
  alsoAt: readonly string[] = [],
): Promise<void> {
  expect(await counterBuckets(db)).toEqual(await recountedBuckets(db));
  const mismatches: string[] = [];
  for (const at of [...alsoAt, ...(await momentsToCheck(db, random, baseUs, moments))]) {
    const [counted, plain] = await db.begin(
      async (tx) => [await selectDeskMetrics(tx, at), await countedFromTickets(tx, at)] as const,
    );
    if (JSON.stringify(counted) !== JSON.stringify(plain)) {
      mismatches.push(`${at}: counters ${JSON.stringify(counted)} vs tickets ${JSON.stringify(plain)}`);
    }
  }
  expect(mismatches).toEqual([]);
}

type TicketShape = {
  status: TTicketStatus;
  createdUs: number;
  responseByUs: number | null;
  resolveByUs: number | null;
  respondedUs: number | null;
  resolvedUs: number | null;
};

/**
 * A ticket as the desk makes them (deadlines from a policy, times in order) or, one time in six,
 * an odd one: a single deadline, an open ticket with a resolution time, answers before creation,
 * times in the future, deadlines far beyond 30 days.
 */
function randomTicket(random: Random, baseUs: number): TicketShape {
  const isOdd = random.chance(1 / 6);
  const createdUs = baseUs - random.int(45 * DAY_US) + (isOdd ? random.int(5 * DAY_US) : 0);
  const [responseHours, resolveHours] = random.pick([
    [1, 4],
    [4, 24],
    [8, 48],
    [24, 120],
    [200, 1000],
  ] as const);
  const hasSla = random.chance(0.85);
  const status = random.pick(STATUSES);
  const isDone = status === 'resolved' || status === 'closed';
  const respondedUs = random.chance(0.6) ? createdUs + random.int(3 * DAY_US) - (isOdd ? DAY_US : 0) : null;
  return {
    status,
    createdUs,
    responseByUs: hasSla && !(isOdd && random.chance(0.5)) ? createdUs + responseHours * HOUR_US : null,
    resolveByUs: hasSla && !(isOdd && random.chance(0.5)) ? createdUs + resolveHours * HOUR_US : null,
    respondedUs,
    resolvedUs: isDone || (isOdd && random.chance(0.5)) ? createdUs + random.int(10 * DAY_US) : null,
  };
}

const at = (us: number | null) => (us === null ? null : iso(us));

async function insertTickets(
  db: Sql,
  requesterId: string,
  shapes: readonly TicketShape[],
): Promise<string[]> {
  const rows = await db<{ id: string }[]>`
    insert into tickets (title, description, status, requester_id, created_at, sla_response_by, sla_resolve_by,
                         responded_at, resolved_at)
    select 'Counted', 'Made by the counter tests.', s.status, ${requesterId}, s.created_at, s.response_by,
           s.resolve_by, s.responded_at, s.resolved_at
    from unnest(${shapes.map((s) => s.status)}::text[], ${shapes.map((s) => at(s.createdUs))}::timestamptz[],
                ${shapes.map((s) => at(s.responseByUs))}::timestamptz[], ${shapes.map((s) => at(s.resolveByUs))}::timestamptz[],
                ${shapes.map((s) => at(s.respondedUs))}::timestamptz[], ${shapes.map((s) => at(s.resolvedUs))}::timestamptz[])
         as s (status, created_at, response_by, resolve_by, responded_at, resolved_at)
    returning id`;
  return rows.map((row) => row.id);
}

/** An SLA state as a recomputation writes it: deadlines of a random policy counted from `fromMs`. */
function recomputedAt(random: Random, fromMs: number): SlaState {
  const [responseHours, resolveHours] = random.pick([
    [1, 4],
    [8, 48],
    [200, 1000],
  ] as const);
  return {
    ...newSlaState(null, fromMs),
    responseBy: fromMs + (responseHours * HOUR_US) / 1000,
    resolveBy: fromMs + (resolveHours * HOUR_US) / 1000,
  };
}

/**
 * A hold write as the product makes it (tickets/waiting.ts, tickets/service.ts): the locked ticket's
 * SLA state moved by `next` (null: this ticket is not in a state for it) and written with its events.
 */
async function holdWrite(
  db: Sql,
  id: string,
  next: (
    ticket: TicketHoldContext,
  ) => { state: SlaState; ended?: Record<string, string | number | null> } | null,
): Promise<void> {
  await db.begin(async (tx) => {
    const read = await selectTicketHoldContext(tx, id, { forUpdate: true, withPolicy: true });
    const ticket = read && (await withTicketPolicy(tx, read, null));
    const change = ticket && next(ticket);
    if (!ticket || !change) return;
    const plan = planTicketEffects({
      kind: 'waiting',
      ticketId: id,
      before: null,
      after: null,
      actor: null,
      comment: null,
      settings: {},
      links: null,
      holdStarted: change.ended ? null : { until: null },
      holdEnded: change.ended ?? null,
    });
    await writeTicketHold(tx, id, change.state, plan);
  });
}

const isOpen = (ticket: TicketHoldContext) => ticket.status === 'new' || ticket.status === 'in_progress';

/** One random change to the desk, through the product's own update statements or plain SQL. */
async function randomChange(
  db: Sql,
  random: Random,
  baseUs: number,
  requesterId: string,
  agentId: string,
  ids: string[],
): Promise<void> {
  const id = random.pick(ids);
  const when = iso(baseUs - random.int(40 * DAY_US));
  const whenMs = Date.parse(when);
  switch (random.int(14)) {
    case 0:
      ids.push(...(await insertTickets(db, requesterId, [randomTicket(random, baseUs)])));
      return;
    case 1: {
      const shapes = Array.from({ length: 1 + random.int(6) }, () => randomTicket(random, baseUs));
      ids.push(...(await insertTickets(db, requesterId, shapes)));
      return;
    }
    case 2:
      // The product's own status change: resolved and closed set their times, reopening clears them.
      await updateTicket(db, id, {
        status: random.pick(STATUSES),
        priority: random.pick(['low', 'medium', 'high', 'critical'] as const),
        assigneeId: random.chance(0.5) ? agentId : null,
        teamId: null,
        // Another priority: the deadlines service.ts recomputed (tickets/hold.ts), counted from `when`.
        sla: random.chance(0.3) ? recomputedAt(random, Date.parse(when)) : null,
        markResponded: random.chance(0.5),
      });
      return;
    case 3:
      // A public staff comment's touch of its ticket (writeComment in tickets/write-statement.ts): the first response.
      await db`update tickets set responded_at = coalesce(responded_at, now()) where id = ${id}`;
      return;
    case 4:
      await db`update tickets set status = ${random.pick(STATUSES)}, resolved_at = ${random.chance(0.6) ? when : null}
               where id = ${id}`;
      return;
    case 5:
      await db`update tickets set responded_at = ${random.chance(0.8) ? when : null} where id = ${id}`;
      return;
    case 6:
      // A deadline change (another priority or policy), sometimes beyond 30 days.
      await db`update tickets set sla_resolve_by = created_at + ${`${random.pick([4, 24, 48, 1000])} hours`}::interval,
                                  sla_response_by = case when ${random.chance(0.8)}::boolean
                                    then created_at + ${`${random.pick([1, 4, 8, 300])} hours`}::interval end
               where id = ${id}`;
      return;
    case 7:
      // Reassignment and a title edit change nothing counted.
      await db`update tickets set assignee_id = ${random.chance(0.5) ? agentId : null}, title = 'Edited'
               where id = ${id}`;
      return;
    case 8:
      if (ids.length > 20) {
        ids.splice(ids.indexOf(id), 1);
        await db`delete from tickets where id = ${id}`;
      }
      return;
    case 9: {
      // One statement over many rows: the trigger sees them all at once.
      const some = Array.from({ length: 2 + random.int(8) }, () => random.pick(ids));
      await db`update tickets set status = case when status in ('new', 'in_progress') then 'closed' else 'in_progress' end,
                                  resolved_at = case when status in ('new', 'in_progress') then coalesce(resolved_at, ${when}::timestamptz) end
               where id = any(${some}::uuid[])`;
      return;
    }
    case 10:
      // A hold begins (now or at a random past instant), optionally until a date that may have come.
      await holdWrite(db, id, (ticket) =>
        isOpen(ticket) && ticket.waitingSince === null
          ? {
              state: startedHold(
                slaStateOf(ticket),
                random.chance(0.5) ? Date.now() : whenMs,
                random.chance(0.5) ? whenMs + random.int(10 * DAY_US) / 1000 : null,
              ),
            }
          : null,
      );
      return;
    case 11:
      // A hold ends: resumed now, or its date reached (at that date), counted in the ticket's calendar.
      await holdWrite(db, id, (ticket) => {
        if (ticket.waitingSince === null) return null;
        const isDateReached = ticket.waitingUntil !== null && random.chance(0.5);
        const end = isDateReached ? Date.parse(ticket.waitingUntil ?? '') : Date.now();
        const ended = endedHold(
          slaStateOf(ticket),
          calendarOf(ticket.policy),
          end,
          isDateReached ? 'date_reached' : 'resumed',
        );
        return { state: ended.state, ended: ended.event as Record<string, string | number | null> };
      });
      return;
    case 12: {
      // A recomputation with a business-hours policy (a new priority or team), waiting or not.
      const policy = await selectMatchingPolicy(db, { priority: 'high', teamId: null, category: 'software' });
      await holdWrite(db, id, (ticket) => ({
        state: recomputedSla(slaStateOf(ticket), clockOf(policy), Date.parse(ticket.createdAt)),
      }));
      return;
    }
    default:
      // Changes rolled back leave no trace in the counters.
      await db
        .begin(async (tx) => {
          await tx`update tickets set status = 'resolved', resolved_at = ${when} where id = ${id}`;
          await tx`insert into tickets (title, description, requester_id, created_at, sla_resolve_by)
                   values ('Rolled back', 'Never committed.', ${requesterId}, ${when}, ${when}::timestamptz + interval '1 hour')`;
          throw new Error('roll back');
        })
        .catch((error: unknown) => {
          if (!(error instanceof Error) || error.message !== 'roll back') throw error;
        });
  }
}

let scratch: Scratch;
let db: Sql;
let requesterId = '';
let agentId = '';

beforeAll(async () => {
  scratch = await createScratchDatabase();
  db = scratch.sql;
  requesterId = await insertPerson(db);
  agentId = await insertPerson(db, { role: 'agent' });
  await db`
    with c as (
      insert into business_calendars (name, time_zone, weekly_hours, holidays)
      values ('Berlin office', 'Europe/Berlin', ${db.json(WEEKDAYS_NINE_TO_FIVE)}, ${db.json([{ date: '2026-12-24', everyYear: true }])})
      returning id)
    insert into sla_policies (name, priority, response_minutes, resolution_minutes, category, calendar_id)
    select 'High software in Berlin', 'high', 240, 960, 'software', c.id from c`;
});
afterAll(async () => {
  await scratch?.drop();
});

describe('dashboard counters', () => {
  test('an empty desk reads zeros, with no counter rows at all', async () => {
    const empty = await createScratchDatabase();
    try {
      expect(await selectDeskMetrics(empty.sql)).toEqual({
        openTickets: 0,
        resolvedToday: 0,
        avgResolutionHours: 0,
        slaBreaches: 0,
      });
      expect(await counterBuckets(empty.sql)).toEqual([]);
    } finally {
      await empty.drop();
    }
  });

  for (const seed of [1, 2, 3]) {
    test(`random writes (seed ${seed}): counters equal the recount and the plain count at any moment`, async () => {
      const random = createRandom(seed);
      const baseUs = Date.now() * 1000 + random.int(1000);
      const ids = await insertTickets(
        db,
        requesterId,
        Array.from({ length: 60 }, () => randomTicket(random, baseUs)),
      );
      await expectCountersExact(db, random, baseUs, 10);
      for (let round = 0; round < 4; round++) {
        for (let step = 0; step < 60; step++)
          await randomChange(db, random, baseUs, requesterId, agentId, ids);
        await expectCountersExact(db, random, baseUs, 15);
      }
      // The holds and calendar recomputations above did happen: started, ended both ways, policy set.
      const [seen] = await db<{ started: number; ended: number; calendared: number }[]>`
        select (select count(*)::int from ticket_events where event_type = 'waiting_started'
                  and ticket_id = any(${ids}::uuid[])) as started,
               (select count(*)::int from ticket_events where event_type = 'waiting_ended'
                  and ticket_id = any(${ids}::uuid[])) as ended,
               (select count(*)::int from tickets where sla_policy_id is not null and id = any(${ids}::uuid[])) as calendared`;
      expect(seen?.started).toBeGreaterThan(0);
      expect(seen?.ended).toBeGreaterThan(0);
      expect(seen?.calendared).toBeGreaterThan(0);
    }, 120_000);
  }

  test('exact edges: a deadline reached this microsecond, a late event exactly 30 days old, both at once', async () => {
    const random = createRandom(11);
    // An hour start a week ahead, so every edge below falls on an hour or day boundary.
    const hourUs = Math.floor(Date.now() / 3_600_000) * HOUR_US + 7 * DAY_US;
    const lateUs = hourUs - 720 * HOUR_US;
    await insertTickets(db, requesterId, [
      // Answered late exactly 30 days before its resolution deadline: the two edges meet.
      {
        status: 'in_progress',
        createdUs: lateUs - 2 * HOUR_US,
        responseByUs: lateUs - HOUR_US,
        resolveByUs: hourUs,
        respondedUs: lateUs,
        resolvedUs: null,
      },
      // Unanswered, its response deadline on the hour.
      {
        status: 'new',
        createdUs: hourUs - 4 * HOUR_US,
        responseByUs: hourUs,
        resolveByUs: hourUs + 20 * HOUR_US,
        respondedUs: null,
        resolvedUs: null,
      },
      // Resolved late exactly on the hour 30 days before.
      {
        status: 'closed',
        createdUs: lateUs - 50 * HOUR_US,
        responseByUs: lateUs - 49 * HOUR_US,
        resolveByUs: lateUs - HOUR_US,
        respondedUs: lateUs - 49 * HOUR_US,
        resolvedUs: lateUs,
      },
    ]);
    const edges = [-1, 0, 1].flatMap((shift) => [iso(hourUs + shift), iso(hourUs + DAY_US + shift)]);
    await expectCountersExact(db, random, hourUs, 5, edges);
  });

  /**
   * A new ticket opened an hour ago, its deadlines ahead. Both deadlines are more than a day
   * away, so its "due" day and hour are never the day and hour it is resolved in, whatever the
   * time of day the test runs (with a deadline 7 hours ahead, the two days were one bucket
   * before 17:00 UTC and the bucket count below depended on the clock).
   */
  async function insertNewTicket(): Promise<string> {
    const nowUs = Date.now() * 1000;
    const [ticket = ''] = await insertTickets(db, requesterId, [
      {
        status: 'new',
        createdUs: nowUs - HOUR_US,
        responseByUs: nowUs + 26 * HOUR_US,
        resolveByUs: nowUs + 72 * HOUR_US,
        respondedUs: null,
        resolvedUs: null,
      },
    ]);
    return ticket;
  }

  test('a title edit writes no counter row; resolving writes only the buckets it moves', async () => {
    const ticket = await insertNewTicket();
    const written = await db.begin(async (tx) => {
      // This transaction's own inserts and updates of counter rows so far.
      const writes = async () => {
        const [row] = await tx<{ writes: number }[]>`
          select (n_tup_ins + n_tup_upd)::int as writes from pg_stat_xact_user_tables
          where relname = 'ticket_counters'`;
        return row?.writes ?? 0;
      };
      const before = await writes();
      await tx`update tickets set title = 'Only the title', assignee_id = ${agentId} where id = ${ticket}`;
      const afterEdit = await writes();
      await tx`update tickets set status = 'resolved', resolved_at = now() where id = ${ticket}`;
      return [afterEdit - before, (await writes()) - afterEdit];
    });
    // Resolving on time moves 'total' (open, with a deadline), the deadline's day and hour (no
    // longer due) and the resolution's day and hour.
    expect(written).toEqual([0, 5]);
  });

  test('new <-> in_progress and resolved <-> closed do not recount: the counters see only openness', async () => {
    const ticket = await insertNewTicket();
    const flagged = await db.begin(async (tx) => {
      await tx`set local track_functions = 'pl'`;
      const calls = async () => {
        const [row] = await tx<{ calls: number }[]>`
          select coalesce(pg_stat_get_xact_function_calls('tickets_flag_counted_change'::regproc), 0)::int as calls`;
        return row?.calls ?? 0;
      };
      const steps: number[] = [];
      for (const change of [
        tx`update tickets set status = 'in_progress' where id = ${ticket}`,
        tx`update tickets set status = 'new' where id = ${ticket}`,
        tx`update tickets set status = 'resolved', resolved_at = now() where id = ${ticket}`,
        tx`update tickets set status = 'closed', closed_at = now() where id = ${ticket}`,
      ]) {
        const before = await calls();
        await change;
        steps.push((await calls()) - before);
      }
      return steps;
    });
    // Only resolving (open -> not open, and a resolution time) is a counted change.
    expect(flagged).toEqual([0, 0, 1, 0]);
  });
});

describe('dashboard counters under concurrent writers', () => {
  test('six pools changing tickets at once in multi-statement transactions: no deadlock, no drift', async () => {
    const random = createRandom(42);
    const nowUs = Date.now() * 1000;
    const ids = await insertTickets(
      db,
      requesterId,
      Array.from({ length: 120 }, () => ({
        status: 'new' as const,
        createdUs: nowUs - random.int(3 * HOUR_US),
        responseByUs: nowUs + random.int(3 * HOUR_US),
        resolveByUs: nowUs + random.int(6 * HOUR_US),
        respondedUs: null,
        resolvedUs: null,
      })),
    );
    // Each writer owns its tickets, so the only rows the writers share are the counters: every
    // transaction moves the same 'total', day and hour buckets, in a random order.
    const { committed, rolledBack, writers } = await raceTransactions({
      url: scratch.url,
      writers: 6,
      rounds: 40,
      seed: 100,
      work: async (tx, local, writer) => {
        const mine = ids.filter((_, index) => index % 6 === writer);
        for (const id of [local.pick(mine), local.pick(mine), local.pick(mine)]) {
          const resolvedAt = iso(nowUs - local.int(2 * HOUR_US));
          switch (local.int(3)) {
            case 0:
              await tx`update tickets set status = 'resolved', resolved_at = coalesce(resolved_at, ${resolvedAt})
                       where id = ${id}`;
              break;
            case 1:
              await tx`update tickets set status = 'new', resolved_at = null where id = ${id}`;
              break;
            default:
              await tx`update tickets set responded_at = coalesce(responded_at, ${resolvedAt}) where id = ${id}`;
          }
        }
        await tx`insert into tickets (title, description, requester_id, sla_response_by, sla_resolve_by)
                 values ('Concurrent', 'Filed while others write.', ${requesterId},
                         now() + interval '1 hour', now() + interval '4 hours')`;
      },
    });
    expect(committed + rolledBack).toBe(240);
    expect(committed).toBeGreaterThan(150);
    await expectCountersExact(db, random, nowUs, 10);
    // Slots grow only while writers hold each other's: never beyond the number of writers at once.
    const [widest] = await db<{ slots: number }[]>`
      select max(n)::int as slots from (select count(*) as n from ticket_counters group by period, starts_at) s`;
    expect(widest?.slots ?? 0).toBeLessThanOrEqual(writers * 2);
  }, 120_000);
});

describe('the migration counts the tickets already there', () => {
  test('a desk with history, migrated to 00030: counters equal the recount and the plain count', async () => {
    const before = mkdtempSync(join(tmpdir(), 'helpdesk-migrations-'));
    const desk = await createScratchDatabase({ isMigrated: false });
    try {
      for (const name of readdirSync(MIGRATIONS_DIR).filter((file) => file < '00030')) {
        symlinkSync(join(MIGRATIONS_DIR, name), join(before, name));
      }
      await migrate(desk.sql, before);
      const person = await insertPerson(desk.sql);
      const random = createRandom(7);
      const baseUs = Date.now() * 1000;
      await insertTickets(
        desk.sql,
        person,
        Array.from({ length: 300 }, () => randomTicket(random, baseUs)),
      );
      expect(await desk.sql`select 1 from pg_class where relname = 'ticket_counters'`).toHaveLength(0);
      await migrate(desk.sql);
      await expectCountersExact(desk.sql, random, baseUs, 30);
    } finally {
      await desk.drop();
      rmSync(before, { recursive: true, force: true });
    }
  }, 120_000);
});
