/**
 * Live updates across API processes: two real API processes (Bun.spawn) on one scratch database,
 * streams read over HTTP, changes made through the other process.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import {
  ADMIN_API_PATHS,
  API_PATHS,
  ATTACHMENT_UPLOAD_FIELD,
  adminUserRolePath,
  ERROR_CODES,
  notificationReadPath,
  REALTIME,
  REALTIME_MESSAGES,
  type TSettings,
  type TTicketDetail,
  type TTicketPresence,
  type TUpdateSettingsRequest,
  type TUserRole,
  ticketCommentsPath,
  ticketPresencePath,
  WEBHOOK_PATHS,
  webhookPath,
  ZRealtimeTicketEvent,
  ZTicketPresence,
  ZWebhookWithSecret,
} from '@helpdesk/contracts';
import type { Sql } from 'postgres';
import { eventually } from '../../test/eventually.ts';
import { createScratchDatabase } from '../../test/helpers.ts';
import { type ChildProcess, createTcpProxy, freePort, spawnApiEntry } from '../../test/processes.ts';
import type { Db } from '../db/postgres.ts';
import { notifyStaffAboutTicket } from '../notifications/service.ts';
import { hashPassword } from '../passwords.ts';
import { insertTicketEvents } from '../tickets/write-statement.ts';
import { publishRealtime } from './publish.ts';

const PASSWORD = 'Live1234!';
const HEARTBEAT_MS = 300;

type ApiProcess = ChildProcess & { base: string };

/**
 * An API process of its own, answering once its database does. The suite runs beside other processes
 * that open connections all the time: the free port can be taken before the API binds it (then another
 * is tried), and a loaded machine can take seconds to give a fresh process its first connection.
 */
async function startApi(
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
  attemptsLeft = 3,
): Promise<ApiProcess> {
  const port = freePort();
  const api = spawnApiEntry('src/index.ts', {
    DATABASE_URL: databaseUrl,
    API_PORT: String(port),
    REALTIME_HEARTBEAT_MS: String(HEARTBEAT_MS),
    REALTIME_MAX_STREAMS_PER_USER: '3',
    ...extraEnv,
  });
  try {
    await api.waitFor('API listening', 15_000);
  } catch (error) {
    api.process.kill('SIGKILL');
    if (attemptsLeft <= 1 || !api.output().includes('EADDRINUSE')) throw error;
    return startApi(databaseUrl, extraEnv, attemptsLeft - 1);
  }
  const base = `http://127.0.0.1:${port}`;
  await eventually(
    async () => (await fetch(`${base}${API_PATHS.ready}`)).status === 200,
    15_000,
    `the API on port ${port} answering ready`,
  );
  return { ...api, base };
}

type Received = { event: string; data: string; at: number };

/** An EventSource-like reader: every event and comment with the time it arrived. */
type Stream = {
  response: Response;
  received: Received[];
  events: (type: string) => Received[];
  waitFor: (type: string, count?: number, ms?: number) => Promise<Received[]>;
  ended: Promise<void>;
  isEnded: () => boolean;
  close: () => void;
};

async function openStream(
  base: string,
  cookie: string | null,
  headers: Record<string, string> = {},
  query = '',
) {
  const controller = new AbortController();
  const response = await fetch(`${base}${API_PATHS.events}${query}`, {
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    signal: controller.signal,
  });
  const received: Received[] = [];
  let isEnded = false;
  const read = async () => {
    if (response.status !== 200 || !response.body) return;
    const decoder = new TextDecoder();
    let pending = '';
    try {
      for await (const chunk of response.body) {
        pending += decoder.decode(chunk, { stream: true });
        let boundary = pending.indexOf('\n\n');
        while (boundary >= 0) {
          const block = pending.slice(0, boundary);
          pending = pending.slice(boundary + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':'))
              received.push({ event: 'comment', data: line.slice(1).trim(), at: Date.now() });
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trim());
            else if (line.startsWith('retry:'))
              received.push({ event: 'retry', data: line.slice(6).trim(), at: Date.now() });
          }
          if (data.length) received.push({ event, data: data.join('\n'), at: Date.now() });
          boundary = pending.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by close().
    }
  };
  const ended = read().finally(() => {
    isEnded = true;
  });
  const events = (type: string) => received.filter((item) => item.event === type);
  const stream: Stream = {
    response,
    received,
    events,
    waitFor: async (type, count = 1, ms = 1000) => {
      const deadline = Date.now() + ms;
      while (events(type).length < count) {
        if (Date.now() > deadline) {
          throw new Error(`no ${count} '${type}' event(s) within ${ms} ms: ${JSON.stringify(received)}`);
        }
        await Bun.sleep(10);
      }
      return events(type);
    },
    ended,
    isEnded: () => isEnded,
    close: () => controller.abort(),
  };
  return stream;
}

async function endsWithin(stream: Stream, ms: number): Promise<boolean> {
  return Promise.race([stream.ended.then(() => true), Bun.sleep(ms).then(() => false)]);
}

async function call(base: string, cookie: string, method: string, path: string, json?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { cookie, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

async function signIn(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}${API_PATHS.authLogin}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (response.status !== 200) {
    throw new Error(`sign-in as ${username}: ${response.status} ${await response.text()}`);
  }
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

const settingsForm = (pushNotifications: boolean): TUpdateSettingsRequest => ({
  companyName: 'Live Desk',
  companyEmail: '',
  timezone: 'UTC',
  language: 'en',
  emailNotifications: false,
  pushNotifications,
  autoAssignment: false,
  requireApproval: false,
  smtpHost: '',
  smtpPort: 587,
  smtpUsername: '',
});

let database: Awaited<ReturnType<typeof createScratchDatabase>>;
let db: Sql;
let one: ApiProcess;
let two: ApiProcess;
let passwordHash = '';
let userCounter = 0;
const openStreams: Stream[] = [];

type Person = { id: string; username: string; cookie: string };

async function person(role: TUserRole, api: ApiProcess = one): Promise<Person> {
  userCounter += 1;
  const username = `live_${role}_${userCounter}_${crypto.randomUUID().slice(0, 6)}`;
  const [row] = await db<{ id: string }[]>`
    insert into users (username, email, password_hash, first_name, last_name, role, status)
    values (${username}, ${`${username}@example.test`}, ${passwordHash}, 'Live', ${username}, ${role}, 'active')
    returning id`;
  if (!row) throw new Error('user not inserted');
  return { id: row.id, username, cookie: await signIn(api.base, username) };
}

async function stream(api: ApiProcess, who: Person | null): Promise<Stream> {
  const opened = await openStream(api.base, who?.cookie ?? null);
  openStreams.push(opened);
  return opened;
}

/**
 * Waits until everything committed so far has reached `target` (and every stream of its process):
 * PostgreSQL delivers notifications in commit order, so once a marker committed now arrives, what a
 * filing published before it has arrived too. The marker names a ticket id of its own: the filing's
 * own events look alike and may come first.
 */
async function fence(target: Stream) {
  const marker = crypto.randomUUID();
  await db.begin((tx) => publishRealtime(tx, { type: 'ticket', ticketId: marker }));
  const deadline = Date.now() + 5000;
  while (!target.events('ticket').some((event) => event.data.includes(marker))) {
    if (Date.now() > deadline) throw new Error('the marker did not arrive');
    await Bun.sleep(10);
  }
}

async function setPush(admin: Person, isOn: boolean) {
  const response = await call(
    two.base,
    admin.cookie,
    'PUT',
    ADMIN_API_PATHS.adminSettings,
    settingsForm(isOn),
  );
  expect(response.status).toBe(200);
  expect((response.body as TSettings).pushNotifications).toBe(isOn);
}

async function fileTicket(api: ApiProcess, who: Person, title = 'Printer on fire'): Promise<TTicketDetail> {
  const response = await call(api.base, who.cookie, 'POST', API_PATHS.tickets, {
    title,
    description: 'Smoke.',
  });
  expect(response.status).toBe(201);
  return response.body as TTicketDetail;
}

let admin: Person;

beforeAll(async () => {
  database = await createScratchDatabase();
  db = database.sql;
  passwordHash = await hashPassword(PASSWORD);
  [one, two] = await Promise.all([startApi(database.url), startApi(database.url)]);
  admin = await person('admin');
});

afterEach(() => {
  for (const opened of openStreams.splice(0)) opened.close();
});

afterAll(async () => {
  for (const api of [one, two]) if (api && api.process.exitCode === null) api.process.kill('SIGKILL');
  await database.drop();
});

describe('GET /api/events', () => {
  test('anonymous and a forged cookie are 401; other methods are not routes', async () => {
    const anonymous = await stream(one, null);
    expect(anonymous.response.status).toBe(401);
    expect(await anonymous.response.json()).toMatchObject({ code: ERROR_CODES.unauthenticated });
    const forged = await openStream(one.base, `helpdesk_session=${'A'.repeat(43)}`);
    expect(forged.response.status).toBe(401);
    const agent = await person('agent');
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await fetch(`${one.base}${API_PATHS.events}`, {
        method,
        headers: { cookie: agent.cookie },
      });
      expect(response.status).toBe(404);
    }
  });

  test('with push notifications off (the default) it streams all the same: that switch is for desktop notifications', async () => {
    await db`delete from settings`;
    const agent = await person('agent');
    const opened = await stream(one, agent);
    expect(opened.response.status).toBe(200);
    expect(opened.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const ticket = await fileTicket(two, await person('end_user', two));
    const [changed] = await opened.waitFor('ticket');
    expect(JSON.parse(changed?.data ?? '')).toEqual({ ticketId: ticket.id });
    await opened.waitFor('notifications');
  });

  test('a stream: event-stream, no-store, never compressed, a retry hint first, then heartbeats', async () => {
    await setPush(admin, false);
    const agent = await person('agent');
    const opened = await openStream(one.base, agent.cookie, {
      'accept-encoding': 'gzip, deflate, br',
      'last-event-id': '<script>',
    });
    openStreams.push(opened);
    expect(opened.response.status).toBe(200);
    expect(opened.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(opened.response.headers.get('cache-control')).toBe('no-store');
    expect(opened.response.headers.get('content-encoding')).toBeNull();
    expect(opened.response.headers.get('x-accel-buffering')).toBe('no');
    await opened.waitFor('comment', 3, HEARTBEAT_MS * 4);
    expect(opened.received[0]).toMatchObject({ event: 'retry', data: String(REALTIME.retryMs) });
    expect(opened.events('comment').map((item) => item.data)).toEqual([
      'connected',
      'heartbeat',
      'heartbeat',
    ]);
    expect(opened.isEnded()).toBe(false);
  });

  test('a change through process 2 reaches a stream on process 1 within a second', async () => {
    await setPush(admin, false);
    const agent = await person('agent');
    const requester = await person('end_user', two);
    const agentStream = await stream(one, agent);
    const requesterStream = await stream(one, requester);
    expect(agentStream.response.status).toBe(200);
    expect(requesterStream.response.status).toBe(200);

    const started = Date.now();
    const ticket = await fileTicket(two, requester);
    // A new ticket without a team notifies every active agent, and staff hear of the ticket.
    const [bell] = await agentStream.waitFor('notifications');
    const [changed] = await agentStream.waitFor('ticket');
    expect((bell?.at ?? Number.POSITIVE_INFINITY) - started).toBeLessThan(1000);
    expect(ZRealtimeTicketEvent.parse(JSON.parse(changed?.data ?? ''))).toEqual({ ticketId: ticket.id });
    expect(JSON.parse(bell?.data ?? '')).toEqual({});

    // The agent comments through process 2 (public, then internal) and uploads a file.
    const comment = await call(two.base, agent.cookie, 'POST', `${API_PATHS.tickets}/${ticket.id}/comments`, {
      content: 'Looking.',
    });
    expect(comment.status).toBe(201);
    await agentStream.waitFor('ticket', 2);
    const internal = await call(
      two.base,
      agent.cookie,
      'POST',
      `${API_PATHS.tickets}/${ticket.id}/comments`,
      {
        content: 'Internal: the requester set it on fire.',
        isInternal: true,
      },
    );
    expect(internal.status).toBe(201);
    await agentStream.waitFor('ticket', 3);
    const form = new FormData();
    form.append(ATTACHMENT_UPLOAD_FIELD, new File(['log line\n'], 'log.txt', { type: 'text/plain' }));
    const upload = await fetch(`${two.base}${API_PATHS.tickets}/${ticket.id}/attachments`, {
      method: 'POST',
      headers: { cookie: agent.cookie },
      body: form,
    });
    expect(upload.status).toBe(201);
    await agentStream.waitFor('ticket', 4);
    expect(
      agentStream.events('ticket').every((item) => item.data === JSON.stringify({ ticketId: ticket.id })),
    ).toBe(true);

    // The end user's own stream heard nothing at all: no ticket events, no internal note's existence.
    await Bun.sleep(200);
    expect(
      requesterStream.received.filter((item) => item.event !== 'comment' && item.event !== 'retry'),
    ).toEqual([]);
  });

  test('a new ticket rings every agent’s bell on both processes, never its creator’s, an admin’s or an end user’s', async () => {
    await setPush(admin, false);
    const [agentOne, agentTwo, creator, requester] = [
      await person('agent'),
      await person('agent', two),
      await person('agent', two),
      await person('end_user'),
    ];
    const streams = {
      agentOne: await stream(one, agentOne),
      agentTwo: await stream(two, agentTwo),
      creator: await stream(one, creator),
      admin: await stream(two, admin),
      requester: await stream(one, requester),
    };
    const ticket = await fileTicket(two, creator);
    await streams.agentOne.waitFor('notifications');
    await streams.agentTwo.waitFor('notifications');
    // Everyone on staff hears the ticket itself; the creator's and admin's bells stay quiet.
    await streams.creator.waitFor('ticket');
    await streams.admin.waitFor('ticket');
    await Bun.sleep(200);
    expect(streams.creator.events('notifications')).toEqual([]);
    expect(streams.admin.events('notifications')).toEqual([]);
    expect(
      streams.requester.received.filter((item) => item.event !== 'comment' && item.event !== 'retry'),
    ).toEqual([]);
    // And the bell the event rang has the broadcast in it.
    const bell = await call(one.base, agentOne.cookie, 'GET', API_PATHS.notifications);
    expect((bell.body as { relatedEntityId: string | null }[]).map((n) => n.relatedEntityId)).toContain(
      ticket.id,
    );
  });

  test('another user’s bell events never arrive; reading in one tab updates the other tabs', async () => {
    await setPush(admin, false);
    const assignee = await person('agent');
    const bystander = await person('agent');
    const requester = await person('end_user');
    const ticket = await fileTicket(one, requester);
    const assigneeStream = await stream(one, assignee);
    const secondTab = await stream(two, assignee);
    const bystanderStream = await stream(one, bystander);

    const assigned = await call(two.base, admin.cookie, 'PATCH', `${API_PATHS.tickets}/${ticket.id}`, {
      assigneeId: assignee.id,
    });
    expect(assigned.status).toBe(200);
    await assigneeStream.waitFor('notifications');
    await secondTab.waitFor('notifications');
    await bystanderStream.waitFor('ticket');

    const [note] = await db<{ id: string }[]>`
      select id from notifications where user_id = ${assignee.id} and type = 'ticket_assigned'`;
    const read = await call(two.base, assignee.cookie, 'PUT', notificationReadPath(note?.id ?? ''));
    expect(read.status).toBe(200);
    await assigneeStream.waitFor('notifications', 2);
    await secondTab.waitFor('notifications', 2);
    const readAll = await call(one.base, assignee.cookie, 'PUT', API_PATHS.notificationsReadAll);
    expect(readAll.body).toEqual({ updated: 1 });
    await assigneeStream.waitFor('notifications', 3);

    // Nothing left to read: no event. Someone else's notification id: 404 and no event.
    const nothing = await call(one.base, assignee.cookie, 'PUT', API_PATHS.notificationsReadAll);
    expect(nothing.body).toEqual({ updated: 0 });
    const foreign = await call(one.base, bystander.cookie, 'PUT', notificationReadPath(note?.id ?? ''));
    expect(foreign.status).toBe(404);
    await Bun.sleep(300);
    expect(assigneeStream.events('notifications')).toHaveLength(3);
    expect(bystanderStream.events('notifications')).toEqual([]);
  });

  test('system notifications (no actor) reach exactly the recipients the insert returned', async () => {
    await setPush(admin, false);
    const teamMember = await person('agent');
    const outsider = await person('agent');
    const inactive = await person('agent');
    const [team] = await db<
      { id: string }[]
    >`insert into teams (name) values (${`Live ${crypto.randomUUID()}`}) returning id`;
    await db`insert into team_members (team_id, user_id) values (${team?.id ?? ''}, ${teamMember.id}), (${team?.id ?? ''}, ${inactive.id})`;
    const ticket = await fileTicket(one, await person('end_user'));
    const memberStream = await stream(one, teamMember);
    const outsiderStream = await stream(two, outsider);
    const inactiveStream = await stream(two, inactive);
    // The filing's bell for every agent may still be on its way to process two's streams.
    await fence(outsiderStream);
    const outsiderBefore = outsiderStream.events('notifications').length;
    const inactiveBefore = inactiveStream.events('notifications').length;
    await db`update users set status = 'rejected' where id = ${inactive.id}`;
    const count = await db.begin((tx) =>
      notifyStaffAboutTicket(tx, {
        audience: { userIds: [], teamId: team?.id ?? null, allAgents: false },
        actorId: null,
        type: 'sla_warning',
        title: 'At risk',
        message: 'The response target is at risk.',
        ticketId: ticket.id,
      }),
    );
    expect(count).toBe(1);
    await memberStream.waitFor('notifications');
    await Bun.sleep(300);
    expect(outsiderStream.events('notifications')).toHaveLength(outsiderBefore);
    expect(inactiveStream.events('notifications')).toHaveLength(inactiveBefore);
  });

  test('a change that rolls back publishes nothing; the same change committed does', async () => {
    await setPush(admin, false);
    const agent = await person('agent');
    const ticket = await fileTicket(one, await person('end_user'));
    const agentStream = await stream(two, agent);
    await fence(agentStream);
    const ticketsBefore = agentStream.events('ticket').length;
    const notificationsBefore = agentStream.events('notifications').length;
    const change = async (tx: Db) => {
      await insertTicketEvents(tx, [
        { ticketId: ticket.id, userId: agent.id, type: 'status_changed', data: { from: 'new', to: 'new' } },
      ]);
      await notifyStaffAboutTicket(tx, {
        audience: { userIds: [agent.id], teamId: null, allAgents: false },
        actorId: null,
        type: 'system_announcement',
        title: 'Rolled back',
        message: 'Never happened.',
        ticketId: ticket.id,
      });
    };
    await expect(
      db.begin(async (tx) => {
        await change(tx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await Bun.sleep(500);
    expect(agentStream.events('ticket')).toHaveLength(ticketsBefore);
    expect(agentStream.events('notifications')).toHaveLength(notificationsBefore);

    await db.begin((tx) => change(tx));
    await agentStream.waitFor('ticket', ticketsBefore + 1);
    await agentStream.waitFor('notifications', notificationsBefore + 1);
  });

  test('a notification to an end user reaches only that end user; a malformed message is ignored', async () => {
    await setPush(admin, false);
    const requester = await person('end_user');
    const other = await person('end_user');
    const mine = await stream(one, requester);
    const theirs = await stream(two, other);
    await db`select pg_notify('helpdesk_events', ${'{"type":"ticket","ticketId":"not-a-uuid"}'})`;
    await db`select pg_notify('helpdesk_events', ${'not json'})`;
    await db.begin((tx) => publishRealtime(tx, { type: 'notifications', userIds: [requester.id] }));
    await mine.waitFor('notifications');
    await Bun.sleep(200);
    expect(theirs.events('notifications')).toEqual([]);
    expect(mine.events('ticket')).toEqual([]);
    expect(one.output()).toContain('ignored a malformed message');
  });

  test('the stream ends within a heartbeat of logout, rejection or a role change, never for the push switch', async () => {
    await setPush(admin, false);
    const leaving = await person('agent');
    const rejected = await person('agent');
    const demoted = await person('agent');
    const staying = await person('agent');
    const streams = {
      leaving: await stream(one, leaving),
      rejected: await stream(two, rejected),
      demoted: await stream(one, demoted),
      staying: await stream(two, staying),
    };
    const logout = await fetch(`${two.base}${API_PATHS.authLogout}`, {
      method: 'POST',
      headers: { cookie: leaving.cookie },
    });
    expect(logout.status).toBe(200);
    expect(await endsWithin(streams.leaving, HEARTBEAT_MS * 4)).toBe(true);
    await db`update users set status = 'rejected' where id = ${rejected.id}`;
    expect(await endsWithin(streams.rejected, HEARTBEAT_MS * 4)).toBe(true);
    const demote = await call(one.base, admin.cookie, 'PATCH', adminUserRolePath(demoted.id), {
      role: 'end_user',
    });
    expect(demote.status).toBe(200);
    expect(await endsWithin(streams.demoted, HEARTBEAT_MS * 4)).toBe(true);
    expect(streams.staying.isEnded()).toBe(false);

    // The demoted user reconnects as an end user: no ticket events any more.
    const again = await stream(two, { ...demoted, cookie: await signIn(two.base, demoted.username) });
    expect(again.response.status).toBe(200);
    await fileTicket(one, await person('end_user'));
    await streams.staying.waitFor('ticket');
    await Bun.sleep(200);
    expect(again.events('ticket')).toEqual([]);

    await setPush(admin, true);
    await setPush(admin, false);
    expect(await endsWithin(streams.staying, HEARTBEAT_MS * 4)).toBe(false);
    expect(await endsWithin(again, HEARTBEAT_MS * 4)).toBe(false);
    expect((await stream(one, staying)).response.status).toBe(200);
  });

  test('at most 3 streams per user (429 with a message); a closed stream frees its slot', async () => {
    await setPush(admin, false);
    const agent = await person('agent');
    const tabs = [await stream(one, agent), await stream(one, agent), await stream(one, agent)];
    expect(tabs.map((tab) => tab.response.status)).toEqual([200, 200, 200]);
    const fourth = await stream(one, agent);
    expect(fourth.response.status).toBe(429);
    expect(fourth.response.headers.get('retry-after')).toBe('30');
    expect(await fourth.response.json()).toEqual({
      code: ERROR_CODES.tooManyRequests,
      message: REALTIME_MESSAGES.tooManyStreams,
    });
    // The caps are per process: the other process still serves this user.
    expect((await stream(two, agent)).response.status).toBe(200);
    tabs[0]?.close();
    await tabs[0]?.ended;
    const deadline = Date.now() + 2000;
    let status = 0;
    while (Date.now() < deadline) {
      const retry = await stream(one, agent);
      status = retry.response.status;
      if (status === 200) break;
      await Bun.sleep(50);
    }
    expect(status).toBe(200);
  });

  test('past the per-process cap new streams get 503 with Retry-After; query strings change nothing', async () => {
    await setPush(admin, false);
    const small = await startApi(database.url, { REALTIME_MAX_STREAMS: '2' });
    try {
      const first = await person('agent', small);
      const second = await person('agent', small);
      const third = await person('agent', small);
      const opened = [
        await openStream(small.base, first.cookie),
        // Nothing is read from the query: another user's id there changes nothing.
        await openStream(small.base, second.cookie, {}, `?userId=${third.id}&role=admin&x=%3Cscript%3E`),
      ];
      openStreams.push(...opened);
      expect(opened.map((item) => item.response.status)).toEqual([200, 200]);
      const refused = await openStream(small.base, third.cookie);
      expect(refused.response.status).toBe(503);
      expect(refused.response.headers.get('retry-after')).toBe('10');
      expect(await refused.response.json()).toMatchObject({ code: ERROR_CODES.unavailable });
      opened[0]?.close();
      await opened[0]?.ended;
      await Bun.sleep(100);
      const admitted = await openStream(small.base, third.cookie);
      openStreams.push(admitted);
      expect(admitted.response.status).toBe(200);
    } finally {
      small.process.kill('SIGKILL');
    }
  });

  test('after the LISTEN connection drops, streams end (clients resync) and new ones hear events again', async () => {
    await setPush(admin, false);
    const agent = await person('agent');
    const before = await stream(one, agent);
    await db`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'listen%'`;
    expect(await endsWithin(before, 5000)).toBe(true);
    const deadline = Date.now() + 5000;
    let after = await stream(one, agent);
    while (after.response.status !== 200 && Date.now() < deadline) {
      await Bun.sleep(100);
      after = await stream(one, agent);
    }
    expect(after.response.status).toBe(200);
    await fileTicket(two, await person('end_user'));
    await after.waitFor('ticket');
  });

  test('after a database outage the LISTEN comes back by itself and streams hear events again', async () => {
    await setPush(admin, false);
    const target = new URL(database.url);
    const proxy = createTcpProxy({ host: target.hostname, port: Number(target.port) });
    await proxy.start();
    const viaProxy = new URL(database.url);
    viaProxy.port = String(proxy.port);
    const api = await startApi(viaProxy.toString());
    try {
      const agent = await person('agent', api);
      const before = await openStream(api.base, agent.cookie);
      expect(before.response.status).toBe(200);
      await proxy.stop();
      const during = await openStream(api.base, agent.cookie);
      expect(during.response.status).toBe(503);
      // Nothing can be published while the database is away, so the open stream is left alone...
      await Bun.sleep(4000);
      expect(before.isEnded()).toBe(false);
      await proxy.start();
      // ...and ended once the LISTEN is back: its client reconnects and refetches what it missed.
      expect(await endsWithin(before, 15_000)).toBe(true);
      // A client that reconnected while the events' LISTEN was still coming back has its stream
      // ended again when it is back, and reconnects once more, as the first one did: the stream
      // that outlives that hears the next ticket.
      await eventually(
        async () => {
          const after = await stream(api, agent);
          if (after.response.status !== 200) return false;
          await fileTicket(two, await person('end_user'));
          return after
            .waitFor('ticket', 1, 3000)
            .then(() => true)
            .catch(() => false);
        },
        30_000,
        'a stream hearing a new ticket after the outage',
      );
    } finally {
      api.process.kill('SIGKILL');
      await proxy.stop();
    }
  }, 60_000);

  test('SIGTERM ends open streams and the process exits 0 promptly', async () => {
    await setPush(admin, false);
    const extra = await startApi(database.url);
    const agent = await person('agent', extra);
    const opened = await openStream(extra.base, agent.cookie);
    expect(opened.response.status).toBe(200);
    await fileTicket(two, await person('end_user'));
    await opened.waitFor('ticket');
    const started = Date.now();
    extra.process.kill('SIGTERM');
    expect(await extra.process.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await endsWithin(opened, 1000)).toBe(true);
  });
});

describe('streams end at once, not at the next heartbeat', () => {
  test('logout, a password change and a role change end the stream before any later event', async () => {
    await setPush(admin, false);
    // A heartbeat a minute away: only the session channel can end these streams within the test.
    const slow = await startApi(database.url, { REALTIME_HEARTBEAT_MS: '60000' });
    try {
      const leaving = await person('agent', slow);
      const changing = await person('agent', slow);
      const demoted = await person('agent', slow);
      const staying = await person('agent', slow);
      const streams = {
        leaving: await stream(slow, leaving),
        changing: await stream(slow, changing),
        demoted: await stream(slow, demoted),
        staying: await stream(slow, staying),
      };
      for (const opened of Object.values(streams)) expect(opened.response.status).toBe(200);

      const logout = await fetch(`${two.base}${API_PATHS.authLogout}`, {
        method: 'POST',
        headers: { cookie: leaving.cookie },
      });
      expect(logout.status).toBe(200);
      const changed = await call(two.base, changing.cookie, 'POST', API_PATHS.authChangePassword, {
        currentPassword: PASSWORD,
        newPassword: 'Changed1234!',
        confirmPassword: 'Changed1234!',
      });
      expect(changed.status).toBe(200);
      const demote = await call(two.base, admin.cookie, 'PATCH', adminUserRolePath(demoted.id), {
        role: 'end_user',
      });
      expect(demote.status).toBe(200);
      // A ticket filed right after: the staying agent hears it, the others never do.
      await fileTicket(two, await person('end_user'));
      await streams.staying.waitFor('ticket');
      for (const ended of [streams.leaving, streams.changing, streams.demoted]) {
        expect(await endsWithin(ended, 1000)).toBe(true);
        expect(ended.events('ticket')).toEqual([]);
      }
      expect(streams.staying.isEnded()).toBe(false);
    } finally {
      slow.process.kill('SIGKILL');
    }
  });
});

describe('presence across processes', () => {
  async function viewersOn(
    api: ApiProcess,
    who: Person,
    ticketId: string,
    isDone: (viewers: TTicketPresence['viewers']) => boolean,
  ): Promise<TTicketPresence['viewers']> {
    const deadline = Date.now() + 1000;
    for (;;) {
      const answer = await call(api.base, who.cookie, 'GET', ticketPresencePath(ticketId));
      expect(answer.status).toBe(200);
      const { viewers } = ZTicketPresence.parse(answer.body);
      if (isDone(viewers)) return viewers;
      if (Date.now() > deadline) throw new Error(`viewers not as expected: ${JSON.stringify(viewers)}`);
      await Bun.sleep(20);
    }
  }

  test('agents on two processes see each other arrive, type and leave within a second; staff streams hear `presence`, end users never', async () => {
    const requester = await person('end_user', two);
    const ticket = await fileTicket(two, requester);
    const sam = await person('agent', one);
    const kim = await person('agent', two);
    const kimsStream = await stream(one, kim);
    const requesterStream = await stream(two, requester);
    const path = ticketPresencePath(ticket.id);

    expect((await call(one.base, sam.cookie, 'PUT', path, { typing: false })).status).toBe(200);
    const [arrived] = await viewersOn(two, kim, ticket.id, (viewers) => viewers.length === 1);
    expect(arrived).toMatchObject({ id: sam.id, firstName: 'Live', lastName: sam.username, typing: false });
    expect(JSON.parse((await kimsStream.waitFor('presence'))[0]?.data ?? '')).toEqual({
      ticketId: ticket.id,
    });

    // A change within a second of the last announcement waits for the next heartbeat: one second on, it goes at once.
    await Bun.sleep(1000);
    expect((await call(one.base, sam.cookie, 'PUT', path, { typing: true })).status).toBe(200);
    await viewersOn(two, kim, ticket.id, (viewers) => viewers[0]?.typing === true);
    await kimsStream.waitFor('presence', 2);

    const kimArrives = await call(two.base, kim.cookie, 'PUT', path, { typing: false });
    expect(ZTicketPresence.parse(kimArrives.body).viewers.map((viewer) => viewer.id)).toEqual([sam.id]);
    await viewersOn(one, sam, ticket.id, (viewers) => viewers.map((viewer) => viewer.id).join() === kim.id);

    expect((await call(one.base, sam.cookie, 'DELETE', path)).status).toBe(204);
    await viewersOn(two, kim, ticket.id, (viewers) => viewers.length === 0);
    await kimsStream.waitFor('presence', 4);

    await Bun.sleep(200);
    expect(requesterStream.events('presence')).toEqual([]);
    expect((await call(two.base, requester.cookie, 'GET', path)).status).toBe(403);
  });
});

describe('webhooks across processes', () => {
  test("a webhook enabled through one process is delivered by the other's next writes; turned off, by none", async () => {
    await db`delete from webhooks`;
    const agent = await person('agent', two);
    const requester = await person('end_user', two);
    const ticket = await fileTicket(two, requester);
    const delivered = async () => {
      const [row] = await db<{ count: number }[]>`
        select count(*)::int as count from webhook_deliveries
        where event = 'ticket.commented' and body::jsonb #>> '{data,ticket,id}' = ${ticket.id}`;
      return row?.count ?? -1;
    };
    const comment = async () => {
      const response = await call(two.base, agent.cookie, 'POST', ticketCommentsPath(ticket.id), {
        content: 'Looking into it.',
        isInternal: false,
      });
      expect(response.status).toBe(201);
      return delivered();
    };
    // Process two reads that no webhook is enabled and keeps it (for SESSION_CACHE_SECONDS, 10 s here).
    expect(await comment()).toBe(0);
    expect(await comment()).toBe(0);

    const created = await call(one.base, admin.cookie, 'POST', WEBHOOK_PATHS.list, {
      name: 'Across processes',
      url: 'http://127.0.0.1:9/hook',
      events: ['ticket.commented'],
      allowPrivateNetwork: true,
    });
    expect(created.status).toBe(201);
    const { id } = ZWebhookWithSecret.parse(created.body).webhook;
    // Only the table's notification can tell process two in time: its copy would live seconds more.
    let count = 0;
    await eventually(
      async () => {
        count = await comment();
        return count > 0;
      },
      2_000,
      "a delivery from the other process's write",
    );
    expect(await comment()).toBe(count + 1);

    expect(
      (await call(one.base, admin.cookie, 'PATCH', webhookPath(WEBHOOK_PATHS.one, id), { enabled: false }))
        .status,
    ).toBe(200);
    expect(await comment()).toBe(count + 1);
    expect((await call(one.base, admin.cookie, 'DELETE', webhookPath(WEBHOOK_PATHS.one, id))).status).toBe(
      200,
    );
  });
});
