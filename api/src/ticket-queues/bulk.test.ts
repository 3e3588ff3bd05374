/**
 * POST /api/tickets/bulk: each ticket changes through PATCH's own path (the same events and
 * notifications), a request is checked whole before anything changes, an Idempotency-Key replays,
 * and the ticket-change budget weighs each ticket named.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import {
  ERROR_CODES,
  TICKET_BULK_MAX,
  TICKET_BULK_MESSAGES,
  TICKET_BULK_PATH,
  TICKET_MESSAGES,
  ticketPath,
  ZBulkTicketResponse,
} from '@helpdesk/contracts';
import {
  errorOf,
  signedIn,
  sql,
  TestClient,
  type TestUser,
  testConfig,
  withRateLimitScale,
} from '../../test/helpers.ts';
import { ensureSlaPolicies, insertTicketRow, notificationsAbout } from '../../test/tickets.ts';
import { ticketChangeBudget } from './bulk.ts';

type Signed = { user: TestUser; client: TestClient };
let agent: Signed;
let admin: Signed;
let endUser: Signed;

beforeAll(async () => {
  await ensureSlaPolicies();
  [agent, admin, endUser] = await Promise.all([signedIn('agent'), signedIn('admin'), signedIn('end_user')]);
});

/** `count` open, unassigned tickets of the end user. */
async function newTickets(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    ids.push((await insertTicketRow({ requesterId: endUser.user.id, createdHoursAgo: 1 })).id);
  }
  return ids;
}

/** What a bulk change may touch on the tickets: their fields, events and notifications. */
async function stateOf(ids: readonly string[]) {
  return sql`
    select t.id, t.status, t.priority, t.assignee_id, t.team_id, t.updated_at,
           (select count(*)::int from ticket_events e where e.ticket_id = t.id) as events,
           (select count(*)::int from notifications n where n.related_entity_id = t.id) as notifications
    from tickets t where t.id in ${sql(ids)} order by t.id`;
}

/** The ticket's events after its 'created' one, as type, data and actor. */
async function changeEvents(ticketId: string) {
  return sql`
    select event_type as type, event_data as data, user_id as actor from ticket_events
    where ticket_id = ${ticketId} order by created_at, id`;
}

const bulk = (client: TestClient, body: unknown, headers: Record<string, string> = {}) =>
  client.post(TICKET_BULK_PATH, body, { headers });

describe('POST /api/tickets/bulk', () => {
  test('20 tickets assigned in one request: each written exactly as a PATCH writes it', async () => {
    const [control, ...ids] = await newTickets(21);
    const change = { assigneeId: agent.user.id, status: 'in_progress' };
    expect((await admin.client.patch(ticketPath(control ?? ''), change)).status).toBe(200);
    const response = await bulk(admin.client, { ids, changes: change });
    expect(response.status).toBe(200);
    expect(ZBulkTicketResponse.parse(response.body).results).toEqual(ids.map((id) => ({ id, ok: true })));
    const expectedEvents = (await changeEvents(control ?? '')).map((e) => ({
      type: e.type,
      data: e.data,
      actor: e.actor,
    }));
    expect(expectedEvents.map((e) => e.type)).toEqual(['assigned', 'status_changed']);
    const controlNotes = await notificationsAbout(agent.user.id, control ?? '');
    expect(controlNotes.map((n) => n.type)).toContain('ticket_assigned');
    for (const id of ids) {
      expect((await changeEvents(id)).map((e) => ({ type: e.type, data: e.data, actor: e.actor }))).toEqual(
        expectedEvents,
      );
      const [ticket] = await sql`select ticket_number from tickets where id = ${id}`;
      const notes = await notificationsAbout(agent.user.id, id);
      expect(notes.map((n) => n.type).sort()).toEqual(controlNotes.map((n) => n.type).sort());
      expect(notes.find((n) => n.type === 'ticket_assigned')?.title).toBe(
        `${ticket?.ticket_number} assigned to you`,
      );
    }
    // The agent hands five back: each records the agent's unassignment, as a PATCH would.
    const back = ids.slice(0, 5);
    const answer = await bulk(agent.client, { ids: back, changes: { assigneeId: null } });
    expect(ZBulkTicketResponse.parse(answer.body).results.every((r) => r.ok)).toBe(true);
    for (const id of back) {
      expect((await changeEvents(id)).at(-1)).toMatchObject({
        type: 'assigned',
        data: { from: agent.user.id, to: null },
        actor: agent.user.id,
      });
    }
  });

  test('a change that changes nothing is ok and writes nothing', async () => {
    const ids = await newTickets(3);
    await bulk(agent.client, { ids, changes: { priority: 'high' } });
    const before = await stateOf(ids);
    const response = await bulk(agent.client, { ids, changes: { priority: 'high' } });
    expect(ZBulkTicketResponse.parse(response.body).results).toEqual(ids.map((id) => ({ id, ok: true })));
    expect(await stateOf(ids)).toEqual(before);
  });

  test('bad requests are a 400 and change nothing', async () => {
    const ids = await newTickets(2);
    const [first = ''] = ids;
    const before = await stateOf(ids);
    const many = [...ids, ...Array.from({ length: TICKET_BULK_MAX - 1 }, () => crypto.randomUUID())];
    const cases: [unknown, string][] = [
      [{ ids: many, changes: { priority: 'low' } }, TICKET_BULK_MESSAGES.tooMany],
      [{ ids: [first, first], changes: { priority: 'low' } }, TICKET_BULK_MESSAGES.duplicateIds],
      [{ ids: [], changes: { priority: 'low' } }, TICKET_BULK_MESSAGES.noTickets],
      [{ ids, changes: {} }, TICKET_BULK_MESSAGES.nothingToChange],
      [{ ids: ['not-a-uuid'], changes: { priority: 'low' } }, 'Invalid ticket ID format'],
      [{ ids, changes: { priority: 'urgent' } }, ''],
      [{ ids, changes: { title: 'x' } }, ''],
      [{ ids, changes: { priority: 'low' }, extra: 1 }, ''],
      [{ ids }, ''],
      ['ids', ''],
    ];
    expect(many).toHaveLength(TICKET_BULK_MAX + 1);
    for (const [body, message] of cases) {
      const response = await bulk(agent.client, body);
      expect(response.status).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe(ERROR_CODES.validation);
      if (message) expect(JSON.stringify(error)).toContain(message);
    }
    expect(await stateOf(ids)).toEqual(before);
  });

  test('an id that names no ticket: 404 listing the missing ids, nothing changed', async () => {
    const ids = await newTickets(3);
    const missing = [crypto.randomUUID(), crypto.randomUUID()];
    const before = await stateOf(ids);
    const response = await bulk(agent.client, {
      ids: [ids[0], missing[0], ids[1], ids[2], missing[1]],
      changes: { assigneeId: agent.user.id },
    });
    expect(response.status).toBe(404);
    expect(errorOf(response)).toEqual({
      code: ERROR_CODES.notFound,
      message: TICKET_BULK_MESSAGES.ticketsNotFound,
      details: { missingIds: missing },
    });
    expect(await stateOf(ids)).toEqual(before);
  });

  test('mixed results: a refused ticket has PATCH message, the others change', async () => {
    const left = await signedIn('agent');
    const [kept = '', alsoKept = '', refused = ''] = await newTickets(3);
    await sql`update tickets set assignee_id = ${left.user.id} where id in ${sql([kept, alsoKept])}`;
    await sql`update users set status = 'inactive' where id = ${left.user.id}`;
    const patchAnswer = await agent.client.patch(ticketPath(refused), {
      assigneeId: left.user.id,
      priority: 'critical',
    });
    expect(patchAnswer.status).toBe(400);
    const before = await stateOf([refused]);
    const response = await bulk(agent.client, {
      ids: [kept, refused, alsoKept],
      changes: { assigneeId: left.user.id, priority: 'critical' },
    });
    expect(response.status).toBe(200);
    expect(ZBulkTicketResponse.parse(response.body).results).toEqual([
      { id: kept, ok: true },
      { id: refused, ok: false, error: errorOf(patchAnswer).message },
      { id: alsoKept, ok: true },
    ]);
    expect(errorOf(patchAnswer).message).toBe(TICKET_MESSAGES.assigneeInvalid);
    expect(await stateOf([refused])).toEqual(before);
    const changed = await sql`select priority from tickets where id in ${sql([kept, alsoKept])}`;
    expect(changed.map((row) => row.priority)).toEqual(['critical', 'critical']);
  });

  test('Idempotency-Key: a retry answers the same results and changes nothing more; another body is a 409', async () => {
    const ids = await newTickets(4);
    const key = `bulk-${crypto.randomUUID()}`;
    const body = { ids, changes: { status: 'in_progress', priority: 'low' } };
    const first = await bulk(agent.client, body, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    const after = await stateOf(ids);
    expect(after.map((row) => [row.status, row.priority])).toEqual(ids.map(() => ['in_progress', 'low']));
    // Someone else moves one back: the retry must not change it again.
    await admin.client.patch(ticketPath(ids[0] ?? ''), { priority: 'high' });
    const moved = await stateOf(ids);
    const retry = await bulk(agent.client, { changes: body.changes, ids }, { 'Idempotency-Key': key });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await stateOf(ids)).toEqual(moved);
    expect(moved).not.toEqual(after);
    const other = await bulk(
      agent.client,
      { ids, changes: { status: 'resolved' } },
      { 'Idempotency-Key': key },
    );
    expect(other.status).toBe(409);
    expect(errorOf(other).message).toBe(TICKET_MESSAGES.idempotencyKeyReused);
    expect(await stateOf(ids)).toEqual(moved);
    const malformed = await bulk(agent.client, body, { 'Idempotency-Key': 'bad key with spaces' });
    expect(malformed.status).toBe(400);
  });

  test('end users: 403, nothing changed; signed out: 401', async () => {
    const ids = await newTickets(2);
    const before = await stateOf(ids);
    const response = await bulk(endUser.client, { ids, changes: { status: 'closed' } });
    expect(response.status).toBe(403);
    expect((await bulk(new TestClient(), { ids, changes: { status: 'closed' } })).status).toBe(401);
    expect(await stateOf(ids)).toEqual(before);
  });

  test('the ticket-change budget: every ticket named counts, a spent budget is a 429 that changes nothing', async () => {
    await withRateLimitScale(1, async () => {
      const { limit, windowMs, key } = ticketChangeBudget(agent.user);
      const intervalMs = windowMs / limit;
      const ids = await newTickets(51);
      const before = await stateOf(ids);
      // All but 50 of the budget spent just now: the budget's arrival time lies 50 intervals short of a
      // whole window ahead.
      await sql`
        insert into rate_limits (key, tat)
        values (${key}, now() + ${windowMs - 50 * intervalMs} * interval '1 millisecond')
        on conflict (key) do update set tat = excluded.tat`;
      const arrival = async () => {
        const [row] = await sql<{ ms: number }[]>`
          select extract(epoch from tat)::float8 * 1000 as ms from rate_limits where key = ${key}`;
        return row!.ms;
      };
      const spentBefore = await arrival();
      const tooMany = await bulk(agent.client, { ids, changes: { priority: 'low' } });
      expect(tooMany.status).toBe(429);
      expect(Number(tooMany.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(errorOf(tooMany).message).toContain('changed too many tickets');
      expect(await stateOf(ids)).toEqual(before);
      expect(await arrival()).toBe(spentBefore);
      const key2 = `bulk-${crypto.randomUUID()}`;
      const fits = await bulk(
        agent.client,
        { ids: ids.slice(0, 50), changes: { priority: 'low' } },
        { 'Idempotency-Key': key2 },
      );
      expect(fits.status).toBe(200);
      // Each of the 50 tickets spent one interval: the budget is now spent to the whole window.
      expect(await arrival()).toBeCloseTo(spentBefore + 50 * intervalMs, 0);
      // A retry of an answered request replays it, whatever the budget.
      const replay = await bulk(
        agent.client,
        { ids: ids.slice(0, 50), changes: { priority: 'low' } },
        { 'Idempotency-Key': key2 },
      );
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual(fits.body);
      await sql`delete from rate_limits where key = ${key}`;
    });
    expect(testConfig.rateLimitScale).toBeGreaterThan(1);
  });
});
