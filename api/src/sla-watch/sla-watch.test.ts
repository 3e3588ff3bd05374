import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Sql } from 'postgres';
import { createScratchDatabase } from '../../test/helpers.ts';
import { createSql } from '../db/postgres.ts';
import { slaTargetStatus } from '../tickets/sla.ts';
import { insertPerson, insertTeam, insertTicket } from '../worker/test-fixtures.ts';
import { formatDuration, runSlaWatchRound, slaWarningText } from './service.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let db: Sql;
let requesterId = '';

beforeAll(async () => {
  scratch = await createScratchDatabase();
  db = scratch.sql;
  requesterId = await insertPerson(db);
});
afterAll(async () => {
  await scratch.drop();
});

/** Runs rounds at `now` until one is not full, as the worker does. */
async function watchAt(now: number, database: Sql = db): Promise<void> {
  for (;;) {
    const round = await runSlaWatchRound({ db: database, now, batchSize: 25 });
    if (!round.isBatchFull) return;
  }
}

/** A medium ticket (8 h to respond, 48 h to resolve) created `ageMs` before `now`. */
function mediumTicket(now: number, ageMs: number, options: Partial<Parameters<typeof insertTicket>[1]> = {}) {
  const createdAt = new Date(now - ageMs);
  return insertTicket(db, {
    requesterId,
    createdAt,
    slaResponseBy: new Date(createdAt.getTime() + 8 * HOUR),
    slaResolveBy: new Date(createdAt.getTime() + 48 * HOUR),
    ...options,
  });
}

type Warning = { userId: string; title: string; message: string };
async function warningsAbout(ticketId: string): Promise<Warning[]> {
  return [
    ...(await db<Warning[]>`
      select user_id as "userId", title, message from notifications
      where related_entity_id = ${ticketId} and type = 'sla_warning' order by created_at, title, user_id`),
  ];
}

async function alertsOf(ticketId: string): Promise<string[]> {
  const rows = await db<{ alert: string }[]>`
    select target || ':' || level as alert from sla_alerts where ticket_id = ${ticketId} order by created_at, target, level`;
  return rows.map((row) => row.alert);
}

async function checkAt(ticketId: string): Promise<string | null> {
  const [row] = await db<
    { checkAt: string }[]
  >`select check_at as "checkAt" from sla_checks where ticket_id = ${ticketId}`;
  return row?.checkAt ?? null;
}

describe('the SLA watch', () => {
  test('an at-risk target gets exactly one warning over many rounds, concurrent ones too; then one breached warning', async () => {
    const now = Date.now();
    const agent = await insertPerson(db, { role: 'agent' });
    // 6 h 30 of 8 h gone: 1 h 30 left, under a quarter of the window.
    const ticket = await mediumTicket(now, 6.5 * HOUR, { assigneeId: agent, title: 'VPN drops every hour' });
    await watchAt(now);
    expect(await warningsAbout(ticket.id)).toEqual([
      {
        userId: agent,
        title: `SLA at risk: ${ticket.ticketNumber} first response due in 1 hour 30 minutes`,
        message: '"VPN drops every hour" needs a first response within 1 hour 30 minutes.',
      },
    ]);
    // Next look: when the response is due.
    expect(await checkAt(ticket.id)).toBe(new Date(now - 6.5 * HOUR + 8 * HOUR).toISOString());

    // More rounds, some at once on separate pools, some after the ticket changed (a fresh look).
    const pools = [createSql(scratch.url, { max: 2 }), createSql(scratch.url, { max: 2 })];
    try {
      for (let round = 0; round < 3; round++) {
        await db`update sla_checks set check_at = ${new Date(now - MINUTE)} where ticket_id = ${ticket.id}`;
        await Promise.all([watchAt(now + MINUTE), ...pools.map((pool) => watchAt(now + MINUTE, pool))]);
      }
      await db`update tickets set status = 'in_progress' where id = ${ticket.id}`;
      await Promise.all(pools.map((pool) => watchAt(now + 2 * MINUTE, pool)));
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
    expect(await warningsAbout(ticket.id)).toHaveLength(1);

    // Past the deadline: one breached warning, however many rounds.
    for (const later of [2 * HOUR, 2 * HOUR + MINUTE, 3 * HOUR]) await watchAt(now + later);
    const warnings = await warningsAbout(ticket.id);
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toEqual({
      userId: agent,
      title: `SLA breached: ${ticket.ticketNumber} first response overdue`,
      message: '"VPN drops every hour" missed its first response target: 30 minutes overdue.',
    });
    expect(await alertsOf(ticket.id)).toEqual(['response:at_risk', 'response:breached']);
    // Only the resolution target is left to watch: its next look is when it becomes at risk (36 h in).
    expect(await checkAt(ticket.id)).toBe(new Date(now - 6.5 * HOUR + 36 * HOUR + 1).toISOString());
  });

  test('a ticket already breached when first seen gets only the breached warning', async () => {
    const now = Date.now();
    const agent = await insertPerson(db, { role: 'agent' });
    const ticket = await mediumTicket(now, 10 * HOUR, { assigneeId: agent });
    await watchAt(now);
    await watchAt(now + MINUTE);
    expect(await alertsOf(ticket.id)).toEqual(['response:breached']);
    expect((await warningsAbout(ticket.id)).map((warning) => warning.title)).toEqual([
      `SLA breached: ${ticket.ticketNumber} first response overdue`,
    ]);
    // A later priority change that moves the deadline out again does not bring a stale 'at risk'.
    const createdAt = new Date(now - 10 * HOUR);
    await db`update tickets set sla_response_by = ${new Date(createdAt.getTime() + 11 * HOUR)} where id = ${ticket.id}`;
    await watchAt(now + MINUTE);
    expect(await alertsOf(ticket.id)).toEqual(['response:breached']);
  });

  test('the resolution target is watched too, once the response is given', async () => {
    const now = Date.now();
    const agent = await insertPerson(db, { role: 'agent' });
    const ticket = await mediumTicket(now, 40 * HOUR, {
      assigneeId: agent,
      status: 'in_progress',
      respondedAt: new Date(now - 39 * HOUR),
    });
    await watchAt(now);
    expect(await warningsAbout(ticket.id)).toEqual([
      {
        userId: agent,
        title: `SLA at risk: ${ticket.ticketNumber} resolution due in 8 hours`,
        message: `"Printer on fire" must be resolved within 8 hours.`,
      },
    ]);
    await watchAt(now + 8 * HOUR + 3 * 24 * HOUR);
    expect((await warningsAbout(ticket.id))[1]?.message).toBe(
      '"Printer on fire" missed its resolution target: 3 days overdue.',
    );
    expect(await checkAt(ticket.id)).toBeNull();
  });

  test('on-track tickets are looked at again exactly when sla.ts says they become at risk', async () => {
    const now = Date.now();
    const ticket = await mediumTicket(now, HOUR);
    await watchAt(now);
    expect(await alertsOf(ticket.id)).toEqual([]);
    const next = Date.parse((await checkAt(ticket.id)) ?? '');
    const createdAt = new Date(now - HOUR).toISOString();
    const deadline = new Date(now - HOUR + 8 * HOUR).toISOString();
    const status = (at: number) => slaTargetStatus({ createdAt, deadline, doneAt: null }, at).status;
    expect(status(next - 1)).toBe('on_track');
    expect(status(next)).toBe('at_risk');
    await watchAt(next - 1);
    expect(await alertsOf(ticket.id)).toEqual([]);
    await watchAt(next);
    expect(await alertsOf(ticket.id)).toEqual(['response:at_risk']);
  });

  test('resolved, closed and deadline-less tickets are never warned about, and leave the watch', async () => {
    const now = Date.now();
    const resolved = await mediumTicket(now, 10 * HOUR, {
      status: 'resolved',
      respondedAt: new Date(now - 9 * HOUR),
      resolvedAt: new Date(now - HOUR),
    });
    const closing = await mediumTicket(now, 10 * HOUR);
    const noPolicy = await insertTicket(db, { requesterId, createdAt: new Date(now - 100 * HOUR) });
    expect(await checkAt(resolved.id)).toBeNull();
    expect(await checkAt(noPolicy.id)).toBeNull();
    await db`update tickets set status = 'closed', closed_at = now(), resolved_at = now() where id = ${closing.id}`;
    await watchAt(now);
    for (const ticket of [resolved, closing, noPolicy]) {
      expect(await alertsOf(ticket.id)).toEqual([]);
      expect(await checkAt(ticket.id)).toBeNull();
    }
    // Reopened: watched again, and the overdue response is reported.
    await db`update tickets set status = 'in_progress', closed_at = null, resolved_at = null where id = ${closing.id}`;
    await watchAt(now);
    expect(await alertsOf(closing.id)).toEqual(['response:breached']);
  });

  test('the audience: the assignee; else the team; else every active agent; a team with no active staff counts as none', async () => {
    const now = Date.now();
    const [assignee, teamAgent, outsider] = await Promise.all([
      insertPerson(db, { role: 'agent' }),
      insertPerson(db, { role: 'agent' }),
      insertPerson(db, { role: 'agent' }),
    ]);
    const admin = await insertPerson(db, { role: 'admin' });
    const pending = await insertPerson(db, { role: 'agent', status: 'pending' });
    const teamId = await insertTeam(db, [teamAgent, admin]);
    const deadTeamId = await insertTeam(db, [pending]);
    const assigned = await mediumTicket(now, 7 * HOUR, { assigneeId: assignee, teamId });
    const teamOnly = await mediumTicket(now, 7 * HOUR, { teamId });
    const nobody = await mediumTicket(now, 7 * HOUR);
    const deadTeam = await mediumTicket(now, 7 * HOUR, { teamId: deadTeamId });
    await watchAt(now);
    const recipients = async (ticketId: string) =>
      (await warningsAbout(ticketId)).map((warning) => warning.userId).sort();
    expect(await recipients(assigned.id)).toEqual([assignee]);
    expect(await recipients(teamOnly.id)).toEqual([admin, teamAgent].sort());
    const [everyone] = await db<{ ids: string[] }[]>`
      select array_agg(id order by id) as ids from users where role = 'agent' and status = 'active'`;
    for (const ticket of [nobody, deadTeam]) {
      const ids = await recipients(ticket.id);
      expect(ids).toEqual([...(everyone?.ids ?? [])].sort());
      expect(ids).toContain(outsider);
      expect(ids).not.toContain(admin);
      expect(ids).not.toContain(pending);
    }
  });

  test('a round reads due checks through their index and is bounded; settled tickets cost nothing', async () => {
    const now = Date.now();
    await watchAt(now + 400 * HOUR);
    // 60 tickets due at once: a round of 25 takes 25 and says its batch was full.
    for (let index = 0; index < 60; index++) await mediumTicket(now, 7 * HOUR);
    const first = await runSlaWatchRound({ db, now, batchSize: 25 });
    expect(first).toEqual({ handled: 25, isBatchFull: true });
    await watchAt(now);
    // Every warned ticket's next look is hours away: a round now finds nothing to read.
    expect(await runSlaWatchRound({ db, now, batchSize: 25 })).toEqual({ handled: 0, isBatchFull: false });
    const plan = await db.begin(async (tx) => {
      await tx`set local enable_seqscan = off`;
      return tx.unsafe(
        `explain select c.ticket_id from sla_checks c join tickets t on t.id = c.ticket_id
           where c.check_at <= now() order by c.check_at, c.ticket_id limit 100 for update of c skip locked`,
      );
    });
    expect(JSON.stringify(plan)).toContain('sla_checks_check_at_idx');
  });
});

describe('the SLA watch with stored risk moments and holds', () => {
  test('the next look is at the stored risk moment (business hours), not the wall-clock quarter', async () => {
    const now = Date.now();
    const ticket = await mediumTicket(now, HOUR);
    // A calendar policy used three quarters of its working time much earlier than 6 h of wall clock.
    const riskAt = new Date(now + 30 * MINUTE);
    await db`update tickets set sla_response_risk_at = ${riskAt} where id = ${ticket.id}`;
    await watchAt(now);
    expect(Date.parse((await checkAt(ticket.id)) ?? '')).toBe(riskAt.getTime());
    await watchAt(riskAt.getTime() - 1);
    expect(await alertsOf(ticket.id)).toEqual([]);
    await watchAt(riskAt.getTime());
    expect(await alertsOf(ticket.id)).toEqual(['response:at_risk']);
    // A risk moment late in the window: no warning where the wall-clock rule would already give one.
    const late = await mediumTicket(now, 7 * HOUR);
    await db`update tickets set sla_response_risk_at = ${new Date(now + 30 * MINUTE)} where id = ${late.id}`;
    await watchAt(now);
    expect(await alertsOf(late.id)).toEqual([]);
  });

  test('holds whose date has come end at that date, in bounded batches, each with its waiting_ended event', async () => {
    const now = Date.now();
    await watchAt(now + 400 * HOUR);
    const due: string[] = [];
    for (let index = 0; index < 30; index++) {
      const ticket = await mediumTicket(now, 10 * HOUR, { respondedAt: new Date(now - 9 * HOUR) });
      // Waiting for 3 hours, until 1 hour ago; 38 hours were left on the resolution deadline.
      await db`update tickets set waiting_since = ${new Date(now - 4 * HOUR)}, waiting_until = ${new Date(now - HOUR)},
                                  waiting_resolve_by = sla_resolve_by, sla_resolve_by = null
               where id = ${ticket.id}`;
      due.push(ticket.id);
    }
    const later = await mediumTicket(now, 10 * HOUR, { respondedAt: new Date(now - 9 * HOUR) });
    await db`update tickets set waiting_since = ${new Date(now - 4 * HOUR)}, waiting_until = ${new Date(now + HOUR)},
                                waiting_resolve_by = sla_resolve_by, sla_resolve_by = null
             where id = ${later.id}`;
    const first = await runSlaWatchRound({ db, now, batchSize: 25 });
    expect(first.isBatchFull).toBe(true);
    const [left] = await db<{ count: number }[]>`
      select count(*)::int as count from tickets where id = any(${due}::uuid[]) and waiting_since is not null`;
    expect(left?.count).toBe(5);
    await watchAt(now);
    const rows = await db<
      { resolveBy: string; waitingSince: string | null; paused: number; created: string }[]
    >`
      select sla_resolve_by as "resolveBy", waiting_since as "waitingSince", sla_paused_minutes as paused,
             created_at as created
      from tickets where id = any(${due}::uuid[])`;
    for (const row of rows) {
      expect(row.waitingSince).toBeNull();
      // Around the clock (no policy): the deadline moved by the three hours the hold took, to its date.
      expect(Date.parse(row.resolveBy)).toBe(Date.parse(row.created) + 51 * HOUR);
      expect(row.paused).toBe(180);
    }
    const events = await db<{ data: Record<string, unknown>; userId: string | null }[]>`
      select event_data as data, user_id as "userId" from ticket_events
      where ticket_id = any(${due}::uuid[]) and event_type = 'waiting_ended'`;
    expect(events).toHaveLength(30);
    expect(new Set(events.map((event) => event.data.reason))).toEqual(new Set(['date_reached']));
    expect(events.every((event) => event.userId === null && event.data.wallMinutes === 180)).toBe(true);
    const [still] = await db<{ waitingSince: string | null }[]>`
      select waiting_since as "waitingSince" from tickets where id = ${later.id}`;
    expect(still?.waitingSince).not.toBeNull();
    // While it waits, its resolution deadline is nobody's concern: no resolution warning however late.
    await watchAt(now + 30 * MINUTE);
    expect(await alertsOf(later.id)).toEqual([]);
  });

  test('the sweep reads tickets_waiting_until_idx', async () => {
    const plan = await db.begin(async (tx) => {
      await tx`set local enable_seqscan = off`;
      return tx.unsafe(
        `explain select t.id from tickets t where t.waiting_until <= now()
           order by t.waiting_until limit 100 for update of t skip locked`,
      );
    });
    expect(JSON.stringify(plan)).toContain('tickets_waiting_until_idx');
  });
});

describe('warning texts', () => {
  test('durations read as people say them', () => {
    expect(formatDuration(20_000)).toBe('less than a minute');
    expect(formatDuration(MINUTE)).toBe('1 minute');
    expect(formatDuration(45 * MINUTE + 59_000)).toBe('45 minutes');
    expect(formatDuration(HOUR)).toBe('1 hour');
    expect(formatDuration(3 * HOUR + 5 * MINUTE)).toBe('3 hours 5 minutes');
    expect(formatDuration(26 * HOUR)).toBe('1 day 2 hours');
    expect(formatDuration(48 * HOUR + 30 * MINUTE)).toBe('2 days');
  });

  test('each target and level says which target and how long', () => {
    const ticket = { ticketNumber: 'TKT-000042', title: 'Mail is down' };
    expect(slaWarningText(ticket, 'resolution', 'breached', -90 * MINUTE)).toEqual({
      title: 'SLA breached: TKT-000042 resolution overdue',
      message: '"Mail is down" missed its resolution target: 1 hour 30 minutes overdue.',
    });
    expect(slaWarningText(ticket, 'response', 'at_risk', 30_000).message).toBe(
      '"Mail is down" needs a first response within less than a minute.',
    );
  });
});
