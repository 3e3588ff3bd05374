/**
 * Presence on a ticket page: the store's expiry, coalescing and caps on a moved clock, and the
 * routes' access, validation and limits through the app. Two processes seeing each other's viewers
 * are in api/src/realtime/realtime.test.ts.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { ERROR_CODES, PRESENCE, ticketPresencePath, ZTicketPresence } from '@helpdesk/contracts';
import { eventually } from '../../test/eventually.ts';
import { errorOf, signedIn, sql, type TestClient, type TestUser } from '../../test/helpers.ts';
import { insertTicketRow } from '../../test/tickets.ts';
import { type PresenceMessage, REALTIME_CHANNEL, readRealtimeMessage } from '../realtime/publish.ts';
import { PRESENCE_LIMIT_MESSAGES } from './service.ts';
import { PRESENCE_CAPS, type PresenceCaps, PresenceStore } from './store.ts';

const TICKET = '00000000-0000-4000-8000-000000000001';
const OTHER_TICKET = '00000000-0000-4000-8000-000000000002';
const sam = { id: '00000000-0000-4000-8000-0000000000a1', firstName: 'Sam', lastName: 'Rivera' };
const kim = { id: '00000000-0000-4000-8000-0000000000a2', firstName: 'Kim', lastName: 'Lee' };

function clockedStore(caps: PresenceCaps = PRESENCE_CAPS) {
  const clock = { now: 1_000_000 };
  return { clock, store: new PresenceStore({ now: () => clock.now, caps }) };
}

describe('the presence store', () => {
  test('a viewer is listed to others, not to themselves, and is gone PRESENCE.expiresMs after the last heartbeat', () => {
    const { clock, store } = clockedStore();
    expect(store.beat(sam, TICKET, false)).toMatchObject({ type: 'presence', changed: true, left: false });
    clock.now += 500;
    store.beat(kim, TICKET, true);
    expect(store.viewers(TICKET, sam.id).map((viewer) => viewer.id)).toEqual([kim.id]);
    expect(store.viewers(TICKET, 'nobody').map((viewer) => [viewer.firstName, viewer.typing])).toEqual([
      ['Sam', false],
      ['Kim', true],
    ]);
    const samLastBeat = clock.now - 500;
    clock.now += PRESENCE.heartbeatMs;
    store.beat(kim, TICKET, true);
    clock.now = samLastBeat + PRESENCE.expiresMs - 1;
    expect(store.viewers(TICKET, kim.id)).toHaveLength(1);
    clock.now += 1;
    // Sam's last heartbeat is expiresMs old; Kim's is younger.
    expect(store.viewers(TICKET, kim.id)).toEqual([]);
    expect(store.viewers(TICKET, sam.id).map((viewer) => viewer.id)).toEqual([kim.id]);
    clock.now += PRESENCE.expiresMs;
    expect(store.size).toBe(0);
  });

  test('unchanged heartbeats are coalesced; a change is announced, not more than once a second', () => {
    const { clock, store } = clockedStore();
    expect(store.beat(sam, TICKET, false)).not.toBeNull();
    for (let beat = 0; beat < 50; beat += 1) expect(store.beat(sam, TICKET, false)).toBeNull();
    clock.now += 200;
    // Typing within the second: kept, announced by the next heartbeat after it.
    expect(store.beat(sam, TICKET, true)).toBeNull();
    expect(store.viewers(TICKET, kim.id)[0]?.typing).toBe(true);
    clock.now += 800;
    expect(store.beat(sam, TICKET, true)).toMatchObject({ typing: true, changed: true });
    clock.now += PRESENCE.heartbeatMs / 2 - 1;
    expect(store.beat(sam, TICKET, true)).toBeNull();
    clock.now += 1;
    expect(store.beat(sam, TICKET, true)).toMatchObject({ typing: true, changed: false });
  });

  test('leaving announces once; heard messages add, change and remove other processes’ viewers', () => {
    const { store } = clockedStore();
    store.beat(sam, TICKET, false);
    expect(store.leave(sam, TICKET)).toMatchObject({ left: true, changed: true });
    expect(store.leave(sam, TICKET)).toBeNull();
    const heard: PresenceMessage = {
      type: 'presence',
      origin: crypto.randomUUID(),
      ticketId: TICKET,
      userId: kim.id,
      firstName: 'Kim',
      lastName: 'Lee',
      since: 5,
      typing: false,
      left: false,
      changed: true,
    };
    expect(store.hear(heard)).toBe(true);
    expect(store.hear(heard)).toBe(false);
    expect(store.hear({ ...heard, typing: true })).toBe(true);
    expect(store.viewers(TICKET, sam.id)).toEqual([
      { id: kim.id, firstName: 'Kim', lastName: 'Lee', typing: true, since: new Date(5).toISOString() },
    ]);
    expect(store.hear({ ...heard, left: true })).toBe(true);
    expect(store.viewers(TICKET, sam.id)).toEqual([]);
    // Its own echo, heard after Sam left here, does not bring Sam back.
    const echo = store.beat(sam, OTHER_TICKET, false);
    store.leave(sam, OTHER_TICKET);
    expect(echo && store.hear(echo)).toBe(false);
    expect(store.viewers(OTHER_TICKET, kim.id)).toEqual([]);
  });

  test('caps: tickets per user, joins per minute, viewers per process; heard messages past them are ignored', () => {
    const { clock, store } = clockedStore({ maxEntries: 3, maxTicketsPerUser: 2, joinsPerUserPerMinute: 4 });
    const ticket = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    for (const n of [1, 2]) {
      expect(store.admit(sam.id)).toBe('ok');
      store.beat(sam, ticket(n), false);
    }
    expect(store.admit(sam.id)).toBe('user-limit');
    expect(store.admit(sam.id)).toBe('user-limit');
    expect(store.admit(sam.id)).toBe('join-rate');
    const heard = (userId: string, n: number): PresenceMessage => ({
      type: 'presence',
      origin: crypto.randomUUID(),
      ticketId: ticket(n),
      userId,
      firstName: 'X',
      lastName: 'Y',
      since: clock.now,
      typing: false,
      left: false,
      changed: true,
    });
    expect(store.hear(heard(sam.id, 9))).toBe(false);
    expect(store.admit(kim.id)).toBe('ok');
    store.beat(kim, ticket(1), false);
    expect(store.size).toBe(3);
    expect(store.admit('00000000-0000-4000-8000-0000000000a3')).toBe('process-limit');
    expect(store.hear(heard('00000000-0000-4000-8000-0000000000a3', 1))).toBe(false);
    // A minute on, the viewers have expired and the joins are forgotten.
    clock.now += 60_000;
    expect(store.size).toBe(0);
    expect(store.admit(sam.id)).toBe('ok');
  });
});

describe('/api/tickets/{id}/presence', () => {
  let agent: { user: TestUser; client: TestClient };
  let admin: { user: TestUser; client: TestClient };
  let endUser: { user: TestUser; client: TestClient };
  let ticketId = '';

  beforeAll(async () => {
    [agent, admin, endUser] = await Promise.all([signedIn('agent'), signedIn('admin'), signedIn('end_user')]);
    ticketId = (await insertTicketRow({ requesterId: endUser.user.id, createdHoursAgo: 1 })).id;
  });

  test('an agent and an admin see each other, oldest first, with typing; leaving removes at once', async () => {
    const first = await agent.client.put(ticketPresencePath(ticketId), { typing: false });
    expect(first.status).toBe(200);
    expect(ZTicketPresence.parse(first.body).viewers).toEqual([]);
    const second = await admin.client.put(ticketPresencePath(ticketId), { typing: true });
    expect(second.status).toBe(200);
    expect(ZTicketPresence.parse(second.body).viewers.map((viewer) => viewer.id)).toEqual([agent.user.id]);

    const seen = await agent.client.get(ticketPresencePath(ticketId));
    expect(seen.status).toBe(200);
    const [viewer] = ZTicketPresence.parse(seen.body).viewers;
    expect(viewer).toMatchObject({
      id: admin.user.id,
      firstName: admin.user.firstName,
      lastName: admin.user.lastName,
      typing: true,
    });

    const left = await admin.client.request('DELETE', ticketPresencePath(ticketId));
    expect(left.status).toBe(204);
    expect(
      ZTicketPresence.parse((await agent.client.get(ticketPresencePath(ticketId))).body).viewers,
    ).toEqual([]);
    // Leaving twice is no error.
    expect((await admin.client.request('DELETE', ticketPresencePath(ticketId))).status).toBe(204);
    expect((await agent.client.request('DELETE', ticketPresencePath(ticketId))).status).toBe(204);
  });

  test('an end user gets 403 on every method, and is never listed', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const answer = await endUser.client.request(method, ticketPresencePath(ticketId), {
        json: method === 'PUT' ? { typing: false } : undefined,
      });
      expect(answer.status).toBe(403);
    }
    expect(
      ZTicketPresence.parse((await agent.client.get(ticketPresencePath(ticketId))).body).viewers,
    ).toEqual([]);
  });

  test('a ticket that does not exist is 404; a malformed id or body is 400; nothing is stored', async () => {
    const missing = crypto.randomUUID();
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const answer = await agent.client.request(method, ticketPresencePath(missing), {
        json: method === 'PUT' ? { typing: true } : undefined,
      });
      expect(answer.status).toBe(404);
      expect(errorOf(answer).code).toBe(ERROR_CODES.notFound);
    }
    expect((await agent.client.get(ticketPresencePath('not-a-uuid'))).status).toBe(400);
    const hostile: unknown[] = [
      {},
      { typing: 'yes' },
      { typing: 1 },
      { typing: null },
      { typing: true, firstName: 'Mallory' },
      { typing: true, userId: admin.user.id },
      [],
      'x'.repeat(10_000),
    ];
    for (const body of hostile) {
      const answer = await agent.client.put(ticketPresencePath(ticketId), body);
      expect(answer.status).toBe(400);
    }
    const raw = await agent.client.request('PUT', ticketPresencePath(ticketId), {
      body: '{"typing": tru',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    expect(
      ZTicketPresence.parse((await admin.client.get(ticketPresencePath(ticketId))).body).viewers,
    ).toEqual([]);
  });

  test('a flood of unchanged heartbeats is answered but announced once; leaving is announced once', async () => {
    const flooder = await signedIn('agent');
    const heard: PresenceMessage[] = [];
    const { unlisten } = await sql.listen(REALTIME_CHANNEL, (payload) => {
      const message = readRealtimeMessage(payload);
      if (message?.type === 'presence' && message.userId === flooder.user.id) heard.push(message);
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => flooder.client.put(ticketPresencePath(ticketId), { typing: false })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      for (let left = 0; left < 3; left += 1) {
        expect((await flooder.client.request('DELETE', ticketPresencePath(ticketId))).status).toBe(204);
      }
      await eventually(() => heard.length === 2);
      await Bun.sleep(100);
      expect(heard.map((message) => [message.left, message.changed])).toEqual([
        [false, true],
        [true, true],
      ]);
    } finally {
      await unlisten();
    }
  });

  test(`one user may have ${PRESENCE_CAPS.maxTicketsPerUser} tickets open per process; the next is 429 until one is left`, async () => {
    const busy = await signedIn('agent');
    const tickets = await Promise.all(
      Array.from({ length: PRESENCE_CAPS.maxTicketsPerUser + 1 }, () =>
        insertTicketRow({ requesterId: endUser.user.id, createdHoursAgo: 1 }),
      ),
    );
    for (const ticket of tickets.slice(0, -1)) {
      expect((await busy.client.put(ticketPresencePath(ticket.id), { typing: false })).status).toBe(200);
    }
    const last = tickets.at(-1)?.id ?? '';
    const refused = await busy.client.put(ticketPresencePath(last), { typing: false });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    expect(errorOf(refused).message).toBe(PRESENCE_LIMIT_MESSAGES.tooManyOpen);
    // A heartbeat of a ticket already open still works; leaving one makes room.
    expect((await busy.client.put(ticketPresencePath(tickets[0]?.id ?? ''), { typing: true })).status).toBe(
      200,
    );
    expect((await busy.client.request('DELETE', ticketPresencePath(tickets[0]?.id ?? ''))).status).toBe(204);
    expect((await busy.client.put(ticketPresencePath(last), { typing: false })).status).toBe(200);
    expect(
      ZTicketPresence.parse((await agent.client.get(ticketPresencePath(last))).body).viewers,
    ).toHaveLength(1);
  });
});
