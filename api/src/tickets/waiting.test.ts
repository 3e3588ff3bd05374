/**
 * Holds on the requester and calendar deadlines through the API (docs/product.md#sla). The clock
 * is driven by instants: created_at, waiting_since and waiting_until are set in SQL, the SLA watch's
 * round is given its `now`, and the expected instants come from the worked example.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  SLA_MESSAGES,
  TICKET_MESSAGES,
  ticketCommentsPath,
  ticketPath,
  ticketSlaStatusPath,
  ticketWaitingPath,
  ZTicketDetail,
  ZTicketListResponse,
  ZTicketSlaStatus,
} from '@helpdesk/contracts';
import { errorOf, signedIn, sql, TestClient, type TestUser } from '../../test/helpers.ts';
import { createTeam, ensureSlaPolicies, fileTicket } from '../../test/tickets.ts';
import { AROUND_THE_CLOCK } from '../sla/business-time.ts';
import { slaDeadlines } from '../sla/deadlines.ts';
import { runSlaWatchRound } from '../sla-watch/service.ts';

type Signed = { user: TestUser; client: TestClient };
let endUser: Signed;
let agent: Signed;
let admin: Signed;
let teamId = '';
let calendarId = '';
let teamPolicyId = '';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const nineToFive = [{ start: '09:00', end: '17:00' }];
const weeklyHours = {
  monday: nineToFive,
  tuesday: nineToFive,
  wednesday: nineToFive,
  thursday: nineToFive,
  friday: nineToFive,
  saturday: [],
  sunday: [],
};
/** The worked example's week: Friday 13 November 2026, 16:00 in Berlin (CET); Monday the 16th is a holiday. */
const FRIDAY_FOUR = '2026-11-13T15:00:00.000Z';
const holidays = [{ date: '2026-11-16', name: 'Office closed' }];
const berlin = { timeZone: 'Europe/Berlin', weeklyHours, holidays };

/** Every column a hold or a deadline touches, and the ticket's timeline: what "nothing changed" compares. */
async function stateOf(ticketId: string) {
  const [row] = await sql`
    select status, sla_policy_id, sla_response_by, sla_resolve_by, sla_response_risk_at, sla_resolve_risk_at,
           sla_paused_minutes, waiting_since, waiting_until, waiting_resolve_by, updated_at,
           (select count(*)::int from ticket_events e where e.ticket_id = t.id) as events
    from tickets t where t.id = ${ticketId}`;
  return row;
}

async function eventsOf(ticketId: string, type: string) {
  return sql<{ eventData: Record<string, unknown>; userId: string | null }[]>`
    select event_data as "eventData", user_id as "userId" from ticket_events
    where ticket_id = ${ticketId} and event_type = ${type} order by created_at, id`;
}

const iso = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());

/** A ticket filed now and moved to the worked example's Friday, then into the Berlin team (recomputed). */
async function exampleTicket(): Promise<string> {
  const ticket = await fileTicket(endUser.client, { priority: 'high', category: 'software' });
  await sql`update tickets set created_at = ${FRIDAY_FOUR} where id = ${ticket.id}`;
  const moved = await agent.client.patch(ticketPath(ticket.id), { teamId });
  expect(moved.status).toBe(200);
  return ticket.id;
}

const wait = (client: TestClient, ticketId: string, body: unknown = {}) =>
  client.put(ticketWaitingPath(ticketId), body);
const resume = (client: TestClient, ticketId: string) =>
  client.request('DELETE', ticketWaitingPath(ticketId));

beforeAll(async () => {
  await ensureSlaPolicies();
  [endUser, agent, admin] = await Promise.all([signedIn('end_user'), signedIn('agent'), signedIn('admin')]);
  teamId = await createTeam(`Berlin desk ${crypto.randomUUID().slice(0, 8)}`, [agent.user.id]);
  const [calendar] = await sql<{ id: string }[]>`
    insert into business_calendars (name, time_zone, weekly_hours, holidays)
    values (${`Berlin office ${crypto.randomUUID().slice(0, 8)}`}, 'Europe/Berlin', ${sql.json(weeklyHours)},
            ${sql.json(holidays)})
    returning id`;
  calendarId = calendar!.id;
  const [policy] = await sql<{ id: string }[]>`
    insert into sla_policies (name, priority, response_minutes, resolution_minutes, team_id, calendar_id)
    values ('Berlin high', 'high', 240, 960, ${teamId}, ${calendarId})
    returning id`;
  teamPolicyId = policy!.id;
});

afterAll(async () => {
  await sql`update sla_policies set is_active = false where team_id = ${teamId} or calendar_id = ${calendarId}`;
});

describe('deadlines from the matching policy in its calendar', () => {
  test('the worked example: Friday 16:00 Berlin, Monday off, 4h/16h -> response Tuesday 12:00, resolution Wednesday 16:00', async () => {
    const id = await exampleTicket();
    const row = await stateOf(id);
    expect(row?.sla_policy_id).toBe(teamPolicyId);
    expect(iso(row?.sla_response_by)).toBe('2026-11-17T11:00:00.000Z');
    expect(iso(row?.sla_resolve_by)).toBe('2026-11-18T15:00:00.000Z');
    expect(iso(row?.sla_response_risk_at)).toBe('2026-11-17T10:00:00.000Z');
    expect(iso(row?.sla_resolve_risk_at)).toBe('2026-11-18T11:00:00.000Z');
    const status = ZTicketSlaStatus.parse((await agent.client.get(ticketSlaStatusPath(id))).body);
    expect(status.explanation).toMatchObject({
      policy: { id: teamPolicyId, name: 'Berlin high' },
      calendar: { id: calendarId, timeZone: 'Europe/Berlin', isAroundTheClock: false },
      response: {
        reason: 'deadline_passed',
        deadline: '2026-11-17T11:00:00.000Z',
        atRiskAt: '2026-11-17T10:00:00.000Z',
      },
      waiting: null,
      pausedMinutes: 0,
    });
  });

  test('the most specific policy wins: team and category over team over category over priority alone', async () => {
    const [category] = await sql<{ id: string }[]>`
      insert into sla_policies (name, priority, response_minutes, resolution_minutes, category)
      values ('Low access', 'low', 30, 60, 'access') returning id`;
    const [both] = await sql<{ id: string }[]>`
      insert into sla_policies (name, priority, response_minutes, resolution_minutes, team_id, category)
      values ('Low access in Berlin', 'low', 10, 20, ${teamId}, 'access') returning id`;
    try {
      const filed = await fileTicket(endUser.client, { priority: 'low', category: 'access' });
      const [created] =
        await sql`select created_at, sla_policy_id, sla_response_by, sla_resolve_risk_at from tickets where id = ${filed.id}`;
      // A new ticket has no team: the category policy, counted from the very created_at it stores.
      expect(created?.sla_policy_id).toBe(category!.id);
      const expected = slaDeadlines(
        { policyId: category!.id, responseMinutes: 30, resolutionMinutes: 60, calendar: AROUND_THE_CLOCK },
        Date.parse(created?.created_at),
        0,
      );
      expect(iso(created?.sla_response_by)).toBe(new Date(expected.responseBy ?? 0).toISOString());
      expect(iso(created?.sla_resolve_risk_at)).toBe(new Date(expected.resolveRiskAt ?? 0).toISOString());
      expect(filed.slaResponseRiskAt).toBe(new Date(expected.responseRiskAt ?? 0).toISOString());
      await agent.client.patch(ticketPath(filed.id), { teamId });
      expect((await stateOf(filed.id))?.sla_policy_id).toBe(both!.id);
      // Another priority: the team's own policy for it (team only).
      await agent.client.patch(ticketPath(filed.id), { priority: 'high' });
      expect((await stateOf(filed.id))?.sla_policy_id).toBe(teamPolicyId);
      // Off the team: the priority-wide policy.
      await agent.client.patch(ticketPath(filed.id), { teamId: null });
      const [wide] =
        await sql`select id from sla_policies where priority = 'high' and team_id is null and category is null and is_active`;
      expect((await stateOf(filed.id))?.sla_policy_id).toBe(wide?.id);
    } finally {
      await sql`update sla_policies set is_active = false where id in (${category!.id}, ${both!.id})`;
    }
  });

  test('a calendar policy on creation: deadlines counted in its business hours', async () => {
    const [policy] = await sql<{ id: string }[]>`
      insert into sla_policies (name, priority, response_minutes, resolution_minutes, category, calendar_id)
      values ('Critical hardware in Berlin', 'critical', 60, 120, 'hardware', ${calendarId}) returning id`;
    try {
      const filed = await fileTicket(endUser.client, { priority: 'critical', category: 'hardware' });
      const [row] =
        await sql`select created_at, sla_response_by, sla_resolve_by from tickets where id = ${filed.id}`;
      const expected = slaDeadlines(
        { policyId: policy!.id, responseMinutes: 60, resolutionMinutes: 120, calendar: berlin },
        Date.parse(row?.created_at),
        0,
      );
      expect(iso(row?.sla_response_by)).toBe(new Date(expected.responseBy ?? 0).toISOString());
      expect(iso(row?.sla_resolve_by)).toBe(new Date(expected.resolveBy ?? 0).toISOString());
      const status = ZTicketSlaStatus.parse((await endUser.client.get(ticketSlaStatusPath(filed.id))).body);
      expect(status.explanation.calendar?.id).toBe(calendarId);
    } finally {
      await sql`update sla_policies set is_active = false where id = ${policy!.id}`;
    }
  });

  test('around the clock: the calendar the explanation names', async () => {
    const filed = await fileTicket(endUser.client, { priority: 'medium' });
    const status = ZTicketSlaStatus.parse((await endUser.client.get(ticketSlaStatusPath(filed.id))).body);
    expect(status.explanation.calendar).toEqual({
      id: null,
      name: 'Around the clock',
      timeZone: 'UTC',
      isAroundTheClock: true,
    });
    expect(status.explanation.response.reason).toBe('on_track');
  });
});

describe('PUT and DELETE /api/tickets/{id}/waiting', () => {
  test('start: the resolution deadline is set aside and the status says paused; the list row says waiting', async () => {
    const ticket = await fileTicket(endUser.client, { priority: 'medium' });
    const before = await stateOf(ticket.id);
    const until = new Date(Date.now() + 3 * DAY).toISOString();
    const response = await wait(agent.client, ticket.id, { until });
    expect(response.status).toBe(200);
    const status = ZTicketSlaStatus.parse(response.body);
    expect(status.resolutionStatus).toBe('on_track');
    expect(status.resolutionTimeRemaining).toBeNull();
    expect(status.explanation.resolution).toMatchObject({ reason: 'paused', deadline: null });
    expect(status.explanation.resolution.workingMinutesLeft).toBeWithin(48 * 60 - 2, 48 * 60 + 1);
    expect(status.explanation.waiting).toEqual({ since: expect.any(String), until });
    const row = await stateOf(ticket.id);
    expect(row?.sla_resolve_by).toBeNull();
    expect(iso(row?.waiting_resolve_by)).toBe(iso(before?.sla_resolve_by));
    expect(iso(row?.waiting_until)).toBe(until);
    expect(row?.status).toBe('new');
    expect((await eventsOf(ticket.id, 'waiting_started')).map((e) => e.eventData)).toEqual([{ until }]);
    const list = ZTicketListResponse.parse((await agent.client.get('/api/tickets?limit=100')).body);
    const listed = list.tickets.find((t) => t.id === ticket.id);
    expect(listed?.waitingSince).toBe(iso(row?.waiting_since));
    expect(listed?.slaResolveBy).toBeNull();
  });

  test('PUT again only changes the date: no second event; the same date writes nothing', async () => {
    const ticket = await fileTicket(endUser.client);
    expect((await wait(agent.client, ticket.id)).status).toBe(200);
    const later = new Date(Date.now() + 5 * DAY).toISOString();
    expect((await wait(admin.client, ticket.id, { until: later })).status).toBe(200);
    const row = await stateOf(ticket.id);
    expect(iso(row?.waiting_until)).toBe(later);
    const again = await wait(agent.client, ticket.id, { until: later });
    expect(again.status).toBe(200);
    expect(await stateOf(ticket.id)).toEqual(row);
    expect(await eventsOf(ticket.id, 'waiting_started')).toHaveLength(1);
  });

  test('resume: the deadline comes back moved by the hold, with one waiting_ended event; a second resume is 409', async () => {
    const id = await exampleTicket();
    expect((await wait(agent.client, id)).status).toBe(200);
    // The hold began Tuesday 16:00 Berlin; resuming now (long after) moves the deadline by all the working time since.
    await sql`update tickets set waiting_since = '2026-11-17T15:00:00Z' where id = ${id}`;
    const response = await resume(agent.client, id);
    expect(response.status).toBe(200);
    const status = ZTicketSlaStatus.parse(response.body);
    expect(status.explanation.waiting).toBeNull();
    const row = await stateOf(id);
    expect(row?.waiting_since).toBeNull();
    expect(row?.waiting_resolve_by).toBeNull();
    expect(row?.sla_paused_minutes).toBeGreaterThan(0);
    expect(Date.parse(row?.sla_resolve_by)).toBeGreaterThan(Date.parse('2026-11-18T15:00:00Z'));
    const [ended] = await eventsOf(id, 'waiting_ended');
    expect(ended?.eventData).toMatchObject({
      since: '2026-11-17T15:00:00.000Z',
      reason: 'resumed',
      pausedMinutes: row?.sla_paused_minutes,
      resolveBy: iso(row?.sla_resolve_by),
    });
    expect(ended?.userId).toBe(agent.user.id);
    const snapshot = await stateOf(id);
    const twice = await resume(agent.client, id);
    expect(twice.status).toBe(409);
    expect(errorOf(twice).message).toBe(SLA_MESSAGES.notWaiting);
    expect(await stateOf(id)).toEqual(snapshot);
  });

  test('the date reached: a two-working-hour hold moves resolution by two working hours (Wednesday 16:00 -> Thursday 10:00)', async () => {
    const id = await exampleTicket();
    expect((await wait(agent.client, id)).status).toBe(200);
    await sql`update tickets set waiting_since = '2026-11-17T15:00:00Z', waiting_until = '2026-11-18T09:00:00Z'
              where id = ${id}`;
    await runSlaWatchRound({ db: sql, now: Date.parse('2026-11-18T09:30:00Z') });
    const row = await stateOf(id);
    expect(row?.waiting_since).toBeNull();
    expect(iso(row?.sla_resolve_by)).toBe('2026-11-19T09:00:00.000Z');
    expect(iso(row?.sla_resolve_risk_at)).toBe('2026-11-18T13:00:00.000Z');
    expect(row?.sla_paused_minutes).toBe(120);
    const [ended] = await eventsOf(id, 'waiting_ended');
    expect(ended?.eventData).toEqual({
      since: '2026-11-17T15:00:00.000Z',
      reason: 'date_reached',
      wallMinutes: 18 * 60,
      pausedMinutes: 120,
      resolveBy: '2026-11-19T09:00:00.000Z',
    });
    expect(ended?.userId).toBeNull();
    // A later recomputation (another priority and back) keeps the minutes the hold took.
    await agent.client.patch(ticketPath(id), { priority: 'medium' });
    await agent.client.patch(ticketPath(id), { priority: 'high' });
    expect(iso((await stateOf(id))?.sla_resolve_by)).toBe('2026-11-19T09:00:00.000Z');
  });

  test('a recomputation while waiting goes to the set-aside deadline', async () => {
    const id = await exampleTicket();
    expect((await wait(agent.client, id)).status).toBe(200);
    await agent.client.patch(ticketPath(id), { teamId: null });
    const row = await stateOf(id);
    expect(row?.sla_resolve_by).toBeNull();
    expect(row?.waiting_resolve_by).not.toBeNull();
    expect(row?.sla_policy_id).not.toBe(teamPolicyId);
  });

  test("the requester's reply ends the hold (requester_reply); a staff comment or note does not", async () => {
    const ticket = await fileTicket(endUser.client);
    expect((await wait(agent.client, ticket.id)).status).toBe(200);
    await agent.client.post(ticketCommentsPath(ticket.id), { content: 'Any news?' });
    await agent.client.post(ticketCommentsPath(ticket.id), { content: 'Note.', isInternal: true });
    expect((await stateOf(ticket.id))?.waiting_since).not.toBeNull();
    const reply = await endUser.client.post(ticketCommentsPath(ticket.id), { content: 'Here it is.' });
    expect(reply.status).toBe(201);
    const row = await stateOf(ticket.id);
    expect(row?.waiting_since).toBeNull();
    expect(row?.sla_resolve_by).not.toBeNull();
    const ended = await eventsOf(ticket.id, 'waiting_ended');
    expect(ended.map((e) => e.eventData.reason)).toEqual(['requester_reply']);
    expect(ended[0]?.userId).toBe(endUser.user.id);
  });

  test('resolving or closing a waiting ticket ends the hold first (resolved)', async () => {
    for (const status of ['resolved', 'closed'] as const) {
      const ticket = await fileTicket(endUser.client);
      expect((await wait(agent.client, ticket.id)).status).toBe(200);
      const changed = await admin.client.patch(ticketPath(ticket.id), { status });
      expect(changed.status).toBe(200);
      const detail = ZTicketDetail.parse(changed.body);
      const types = detail.events.map((e) => e.eventType);
      expect(types.indexOf('waiting_ended')).toBeGreaterThan(-1);
      expect(types.indexOf('waiting_ended')).toBeLessThan(types.indexOf('status_changed'));
      const row = await stateOf(ticket.id);
      expect(row?.waiting_since).toBeNull();
      expect(row?.sla_resolve_by).not.toBeNull();
      expect((await eventsOf(ticket.id, 'waiting_ended'))[0]?.eventData.reason).toBe('resolved');
    }
  });

  test('concurrent resumes, replies and sweeps end a hold once and move the deadline once', async () => {
    for (let round = 0; round < 3; round++) {
      const ticket = await fileTicket(endUser.client);
      expect((await wait(agent.client, ticket.id)).status).toBe(200);
      await sql`update tickets set waiting_since = now() - interval '3 hours', waiting_until = now() - interval '1 minute'
                where id = ${ticket.id}`;
      const before = await stateOf(ticket.id);
      const answers = await Promise.all([
        resume(agent.client, ticket.id),
        resume(admin.client, ticket.id),
        endUser.client.post(ticketCommentsPath(ticket.id), { content: 'Reply.' }),
        runSlaWatchRound({ db: sql }),
        resume(agent.client, ticket.id),
      ]);
      const resumed = [answers[0], answers[1], answers[4]].map((a) => (a as { status: number }).status);
      expect(resumed.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
      expect(resumed.every((s) => s === 200 || s === 409)).toBe(true);
      expect(await eventsOf(ticket.id, 'waiting_ended')).toHaveLength(1);
      const after = await stateOf(ticket.id);
      const moved = Date.parse(after?.sla_resolve_by) - Date.parse(before?.waiting_resolve_by);
      // Around the clock: moved by the hold's length (about three hours), once, not twice.
      expect(moved).toBeGreaterThanOrEqual(3 * HOUR - 2 * 60_000);
      expect(moved).toBeLessThan(3 * HOUR + 2 * 60_000);
      expect(after?.sla_paused_minutes).toBeWithin(178, 182);
    }
  });
});

describe('bad input changes nothing', () => {
  test('an end user pausing or resuming: 403, even on their own ticket', async () => {
    const ticket = await fileTicket(endUser.client);
    const before = await stateOf(ticket.id);
    expect((await wait(endUser.client, ticket.id)).status).toBe(403);
    expect((await resume(endUser.client, ticket.id)).status).toBe(403);
    expect(await stateOf(ticket.id)).toEqual(before);
  });

  test('a resolved or closed ticket: 409 notOpen', async () => {
    for (const status of ['resolved', 'closed'] as const) {
      const ticket = await fileTicket(endUser.client);
      await admin.client.patch(ticketPath(ticket.id), { status });
      const before = await stateOf(ticket.id);
      const response = await wait(agent.client, ticket.id);
      expect(response.status).toBe(409);
      expect(errorOf(response).message).toBe(SLA_MESSAGES.notOpen);
      expect(await stateOf(ticket.id)).toEqual(before);
    }
  });

  test('until in the past, too far ahead, not a date, extra or wrong fields, hostile or oversized bodies: 400', async () => {
    const ticket = await fileTicket(endUser.client);
    const before = await stateOf(ticket.id);
    const bodies: [unknown, string | null][] = [
      [{ until: new Date(Date.now() - 60_000).toISOString() }, SLA_MESSAGES.untilInPast],
      [{ until: new Date(Date.now() + 400 * DAY).toISOString() }, SLA_MESSAGES.untilTooFar],
      [{ until: 'next tuesday' }, null],
      [{ until: '2026-02-30T10:00:00Z' }, null],
      [{ until: 12 }, null],
      [{ until: null, paused: true }, null],
      [{ until: "2027-01-01T00:00:00Z'; drop table tickets; --" }, null],
      [{ until: `${'9'.repeat(5000)}` }, null],
      [[], null],
      ['until', null],
    ];
    for (const [body, message] of bodies) {
      const response = await wait(agent.client, ticket.id, body);
      expect(response.status).toBe(400);
      if (message) expect(errorOf(response).message).toBe(message);
    }
    const big = await agent.client.request('PUT', ticketWaitingPath(ticket.id), {
      body: JSON.stringify({ until: 'x'.repeat(2_000_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.status).toBeGreaterThanOrEqual(400);
    expect(big.status).toBeLessThan(500);
    expect(await stateOf(ticket.id)).toEqual(before);
  });

  test('an unknown ticket or a malformed id: 404 / 400', async () => {
    const unknown = crypto.randomUUID();
    const put = await wait(agent.client, unknown);
    expect(put.status).toBe(404);
    expect(errorOf(put).message).toBe(TICKET_MESSAGES.ticketNotFound);
    expect((await resume(agent.client, unknown)).status).toBe(404);
    expect((await wait(agent.client, 'not-a-uuid')).status).toBe(400);
    const [row] = await sql`select count(*)::int as n from tickets where id = ${unknown}`;
    expect(row?.n).toBe(0);
  });

  test('a flood of starts and resumes: every answer 200 or 409, one start event per hold, state consistent', async () => {
    const ticket = await fileTicket(endUser.client);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 2 === 0 ? wait(agent.client, ticket.id) : resume(agent.client, ticket.id),
      ),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const started = (await eventsOf(ticket.id, 'waiting_started')).length;
    const ended = (await eventsOf(ticket.id, 'waiting_ended')).length;
    const row = await stateOf(ticket.id);
    expect(started - ended).toBe(row?.waiting_since === null ? 0 : 1);
    expect(row?.sla_resolve_by === null).toBe(row?.waiting_since !== null);
  });

  test('nobody signed in: 401', async () => {
    const ticket = await fileTicket(endUser.client);
    const before = await stateOf(ticket.id);
    expect((await new TestClient().put(ticketWaitingPath(ticket.id), {})).status).toBe(401);
    expect((await new TestClient().request('DELETE', ticketWaitingPath(ticket.id))).status).toBe(401);
    expect(await stateOf(ticket.id)).toEqual(before);
  });
});
