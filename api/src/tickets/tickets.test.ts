import { beforeAll, describe, expect, test } from 'bun:test';
import {
  API_PATHS,
  ERROR_CODES,
  SERVER_MESSAGES,
  TICKET_ASSIGNMENT_OPTIONS_PATH,
  TICKET_MESSAGES,
  ticketPath,
  ZAssignmentOptions,
  ZTicketComment,
  ZTicketDetail,
  ZTicketListResponse,
  ZTicketSlaStatus,
  ZTicketSummary,
} from '@helpdesk/contracts';
import { clearOfUtcMidnight } from '../../test/clock.ts';
import { createUser, errorOf, signedIn, sql, TestClient, type TestUser } from '../../test/helpers.ts';
import {
  createTeam,
  ensureSlaPolicies,
  fileTicket,
  insertTicketRow,
  notificationsAbout,
  TEST_SLA_HOURS,
} from '../../test/tickets.ts';

const HOUR = 3_600_000;

type Signed = { user: TestUser; client: TestClient };
let endUser: Signed;
let otherEndUser: Signed;
let agent: Signed;
let admin: Signed;

beforeAll(async () => {
  await ensureSlaPolicies();
  [endUser, otherEndUser, agent, admin] = await Promise.all([
    signedIn('end_user'),
    signedIn('end_user'),
    signedIn('agent'),
    signedIn('admin'),
  ]);
});

async function ticketCountOf(requesterId: string): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from tickets where requester_id = ${requesterId}`;
  return row?.count ?? 0;
}

describe('POST /api/tickets', () => {
  test('an end user files a ticket: 201, they are the requester, deadlines from the active policy', async () => {
    const before = Date.now();
    const response = await endUser.client.post(API_PATHS.tickets, {
      title: '  Printer jams  ',
      description: 'Every second page.',
      priority: 'high',
      category: 'hardware',
    });
    expect(response.status).toBe(201);
    const ticket = ZTicketDetail.parse(response.body);
    expect(ticket).toMatchObject({
      title: 'Printer jams',
      description: 'Every second page.',
      priority: 'high',
      status: 'new',
      category: 'hardware',
      requesterId: endUser.user.id,
      requester: { id: endUser.user.id, email: endUser.user.email, firstName: 'Test' },
      assigneeId: null,
      assignee: null,
      team: null,
      notifyRequester: true,
      respondedAt: null,
      resolvedAt: null,
      closedAt: null,
      comments: [],
      attachments: [],
    });
    expect(ticket.ticketNumber).toMatch(/^TKT-\d{6,}$/);
    const created = Date.parse(ticket.createdAt);
    expect(created).toBeGreaterThanOrEqual(before - 1000);
    const [responseHours, resolutionHours] = TEST_SLA_HOURS.high;
    expect(Date.parse(ticket.slaResponseBy ?? '')).toBe(created + responseHours * HOUR);
    expect(Date.parse(ticket.slaResolveBy ?? '')).toBe(created + resolutionHours * HOUR);
    expect(ticket.events.map((e) => [e.eventType, e.eventData, e.user?.id])).toEqual([
      ['created', { priority: 'high', category: 'hardware' }, endUser.user.id],
    ]);
  });

  test('defaults: priority medium, category other, notifyRequester true; false is stored', async () => {
    const ticket = await fileTicket(endUser.client);
    expect(ticket).toMatchObject({ priority: 'medium', category: 'other', notifyRequester: true });
    const quiet = await fileTicket(endUser.client, { notifyRequester: false });
    expect(quiet.notifyRequester).toBe(false);
    const [row] = await sql<{ notify: boolean }[]>`
      select notify_requester as notify from tickets where id = ${quiet.id}`;
    expect(row?.notify).toBe(false);
  });

  test('bad input is a 400 with field messages, and nothing is stored', async () => {
    const before = await ticketCountOf(endUser.user.id);
    const cases: [unknown, Record<string, string>][] = [
      [{ title: '   ', description: 'x' }, { title: 'Subject is required' }],
      [{ title: 'x', description: '' }, { description: 'Description is required' }],
      [{ description: 'x' }, { title: expect.any(String) }],
      [{ title: 'x'.repeat(501), description: 'x' }, { title: 'Subject is too long' }],
      [{ title: 'x', description: 'x'.repeat(20_001) }, { description: 'Description is too long' }],
      [{ title: 'x', description: 'x', priority: 'urgent' }, { priority: expect.any(String) }],
      [{ title: 'x', description: 'x', category: 'printers' }, { category: expect.any(String) }],
      [{ title: 42, description: 'x' }, { title: expect.any(String) }],
      [{ title: 'x', description: 'x', notifyRequester: 'yes' }, { notifyRequester: expect.any(String) }],
      [
        { title: 'x', description: 'x', requesterId: 'not-a-uuid' },
        { requesterId: 'Invalid requester ID format' },
      ],
      [{ title: 'x', description: 'x', status: 'resolved' }, { status: 'Unknown field' }],
      [
        { title: 'x', description: 'x', requesterEmail: 'anonymous-user' },
        { requesterEmail: 'Please enter a valid email address' },
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await endUser.client.post(API_PATHS.tickets, body);
      expect(response.status).toBe(400);
      expect(errorOf(response)).toEqual({
        code: ERROR_CODES.validation,
        message: SERVER_MESSAGES.validation,
        fields,
      });
    }
    const notJson = await endUser.client.post(API_PATHS.tickets, undefined, {
      body: 'title=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notJson.status).toBe(415);
    expect(await ticketCountOf(endUser.user.id)).toBe(before);
    expect((await new TestClient().post(API_PATHS.tickets, { title: 'x', description: 'x' })).status).toBe(
      401,
    );
  });

  test('staff may file for someone else by email (any case); empty means themselves', async () => {
    const forUser = await fileTicket(agent.client, { requesterEmail: otherEndUser.user.email.toUpperCase() });
    expect(forUser.requesterId).toBe(otherEndUser.user.id);
    expect(forUser.events[0]?.user?.id).toBe(agent.user.id);
    const forSelf = await fileTicket(admin.client, { requesterEmail: '' });
    expect(forSelf.requesterId).toBe(admin.user.id);
  });

  test('a requester email must be an active user; end users cannot name anyone else', async () => {
    const pending = await createUser({ status: 'pending' });
    const before = await ticketCountOf(pending.id);
    for (const email of ['nobody-here@example.test', pending.email]) {
      const response = await agent.client.post(API_PATHS.tickets, {
        title: 'x',
        description: 'x',
        requesterEmail: email,
      });
      expect(response.status).toBe(400);
      expect(errorOf(response)).toEqual({
        code: ERROR_CODES.validation,
        message: TICKET_MESSAGES.noActiveUserWithEmail,
        fields: { requesterEmail: TICKET_MESSAGES.noActiveUserWithEmail },
      });
    }
    expect(await ticketCountOf(pending.id)).toBe(before);

    const othersBefore = await ticketCountOf(otherEndUser.user.id);
    const refused = await endUser.client.post(API_PATHS.tickets, {
      title: 'x',
      description: 'x',
      requesterEmail: otherEndUser.user.email,
    });
    expect(refused.status).toBe(400);
    expect(errorOf(refused).fields).toEqual({ requesterEmail: TICKET_MESSAGES.requesterNotAllowed });
    expect(await ticketCountOf(otherEndUser.user.id)).toBe(othersBefore);
    const own = await fileTicket(endUser.client, { requesterEmail: endUser.user.email });
    expect(own.requesterId).toBe(endUser.user.id);
  });

  test('ticket_created goes to every active agent when there is no team, never to the creator or end users', async () => {
    const [otherAgent, inactiveAgent] = await Promise.all([
      createUser({ role: 'agent' }),
      createUser({ role: 'agent', status: 'rejected' }),
    ]);
    const ticket = await fileTicket(endUser.client, { title: 'Monitor is dead' });
    for (const staff of [agent.user, otherAgent]) {
      expect(await notificationsAbout(staff.id, ticket.id)).toEqual([
        {
          type: 'ticket_created',
          title: `New ticket ${ticket.ticketNumber}`,
          message: 'A new ticket was opened: "Monitor is dead".',
        },
      ]);
    }
    for (const nobody of [endUser.user, inactiveAgent, admin.user]) {
      expect(await notificationsAbout(nobody.id, ticket.id)).toEqual([]);
    }
    // One broadcast row for all of them (migration 00035), no row per agent.
    const [counts] = await sql<{ rows: number; broadcasts: number }[]>`
      select (select count(*)::int from notifications where related_entity_id = ${ticket.id}) as rows,
             (select count(*)::int from broadcast_notifications where related_entity_id = ${ticket.id}) as broadcasts`;
    expect(counts).toEqual({ rows: 0, broadcasts: 1 });

    const byAgent = await fileTicket(agent.client);
    expect(await notificationsAbout(agent.user.id, byAgent.id)).toEqual([]);
    expect(await notificationsAbout(otherAgent.id, byAgent.id)).toHaveLength(1);
  });

  test('200 concurrent creates get 200 distinct ticket numbers', async () => {
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        endUser.client.post(API_PATHS.tickets, { title: `Concurrent ${index}`, description: 'At once.' }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array.from({ length: 200 }, () => 201));
    const numbers = responses.map((r) => ZTicketDetail.parse(r.body).ticketNumber);
    expect(new Set(numbers).size).toBe(200);
    expect(numbers.every((n) => /^TKT-\d{6,}$/.test(n))).toBe(true);
  });
});

describe('Idempotency-Key', () => {
  test('a retry with the same key and body returns the first answer and creates nothing', async () => {
    const key = crypto.randomUUID();
    const body = { title: 'Retry me', description: 'Network flaked.', priority: 'low' };
    const first = await endUser.client.post(API_PATHS.tickets, body, { headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    const before = await ticketCountOf(endUser.user.id);
    const again = await endUser.client.post(
      API_PATHS.tickets,
      { priority: 'low', description: 'Network flaked.', title: 'Retry me' },
      { headers: { 'Idempotency-Key': key } },
    );
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await ticketCountOf(endUser.user.id)).toBe(before);
    const [row] = await sql<{ count: number }[]>`
      select count(*)::int as count from tickets where title = 'Retry me' and requester_id = ${endUser.user.id}`;
    expect(row?.count).toBe(1);
  });

  test('the same key with another body is a 409; another user may use the same key', async () => {
    const key = crypto.randomUUID();
    await fileTicket(endUser.client, { title: 'First' }, { 'Idempotency-Key': key });
    const before = await ticketCountOf(endUser.user.id);
    const reused = await endUser.client.post(
      API_PATHS.tickets,
      { title: 'Second', description: 'x' },
      { headers: { 'Idempotency-Key': key } },
    );
    expect(reused.status).toBe(409);
    expect(errorOf(reused)).toEqual({
      code: ERROR_CODES.conflict,
      message: TICKET_MESSAGES.idempotencyKeyReused,
    });
    expect(await ticketCountOf(endUser.user.id)).toBe(before);
    const theirs = await fileTicket(otherEndUser.client, { title: 'First' }, { 'Idempotency-Key': key });
    expect(theirs.requesterId).toBe(otherEndUser.user.id);
  });

  test('concurrent requests with one key create one ticket and all get its answer', async () => {
    const key = crypto.randomUUID();
    const before = await ticketCountOf(endUser.user.id);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        endUser.client.post(
          API_PATHS.tickets,
          { title: 'Double click', description: 'x' },
          { headers: { 'Idempotency-Key': key } },
        ),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array.from({ length: 8 }, () => 201));
    expect(new Set(responses.map((r) => ZTicketDetail.parse(r.body).id)).size).toBe(1);
    expect(await ticketCountOf(endUser.user.id)).toBe(before + 1);
  });

  test('a failed create stores nothing: the key works once the request is right', async () => {
    const key = crypto.randomUUID();
    const failed = await agent.client.post(
      API_PATHS.tickets,
      { title: 'For someone', description: 'x', requesterEmail: 'ghost@example.test' },
      { headers: { 'Idempotency-Key': key } },
    );
    expect(failed.status).toBe(400);
    const ok = await fileTicket(agent.client, { title: 'For someone' }, { 'Idempotency-Key': key });
    expect(ok.requesterId).toBe(agent.user.id);
  });

  test('keys expire after 24 hours; malformed keys are a 400', async () => {
    const key = crypto.randomUUID();
    const first = await fileTicket(endUser.client, { title: 'Old' }, { 'Idempotency-Key': key });
    await sql`
      update idempotency_keys set created_at = now() - interval '25 hours'
      where user_id = ${endUser.user.id} and key = ${key}`;
    const second = await fileTicket(endUser.client, { title: 'Old' }, { 'Idempotency-Key': key });
    expect(second.id).not.toBe(first.id);
    for (const bad of ['x'.repeat(256), 'has space', 'tab\tkey', 'ünïcode']) {
      const response = await endUser.client.post(
        API_PATHS.tickets,
        { title: 'x', description: 'x' },
        { headers: { 'Idempotency-Key': bad } },
      );
      expect(response.status).toBe(400);
      expect(errorOf(response).message).toBe(TICKET_MESSAGES.idempotencyKeyInvalid);
    }
    expect((await fileTicket(endUser.client, {}, { 'Idempotency-Key': 'k'.repeat(255) })).id).toBeString();
  });
});

describe('GET /api/tickets', () => {
  test('newest first in pages; the cursor walks every ticket once, ties broken by id', async () => {
    const { user, client } = await signedIn('end_user');
    const sameTime = new Date(Date.now() - 2 * HOUR);
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) {
      ids.push((await insertTicketRow({ requesterId: user.id, createdHoursAgo: 10 - index })).id);
    }
    for (let index = 0; index < 3; index++) {
      ids.push((await insertTicketRow({ requesterId: user.id, createdHoursAgo: 0, createdAt: sameTime })).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=3&cursor=${cursor}` : '?limit=3';
      const response = await client.get(`${API_PATHS.tickets}${query}`);
      expect(response.status).toBe(200);
      // Exactly the contract's keys: the rows' own cursor column (cursorAt) never leaves.
      const rows = (response.body as { tickets: Record<string, unknown>[] }).tickets;
      for (const row of rows)
        expect(Object.keys(row).sort()).toEqual(Object.keys(ZTicketSummary.shape).sort());
      const page = ZTicketListResponse.parse(response.body);
      seen.push(...page.tickets.map((t) => t.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids.slice(5).sort().reverse(), ...ids.slice(0, 5).reverse()]);
  });

  test('default limit 25, filters by status and priority, and end users see only their own', async () => {
    const { user, client } = await signedIn('end_user');
    await insertTicketRow({ requesterId: user.id, createdHoursAgo: 3, status: 'new', priority: 'low' });
    await insertTicketRow({
      requesterId: user.id,
      createdHoursAgo: 2,
      status: 'resolved',
      priority: 'low',
      respondedHoursAgo: 1,
      resolvedHoursAgo: 1,
    });
    await insertTicketRow({ requesterId: user.id, createdHoursAgo: 1, status: 'new', priority: 'critical' });
    await insertTicketRow({
      requesterId: otherEndUser.user.id,
      createdHoursAgo: 1,
      status: 'new',
      priority: 'low',
    });
    const list = async (query: string) =>
      ZTicketListResponse.parse((await client.get(`${API_PATHS.tickets}${query}`)).body).tickets;
    expect((await list('')).map((t) => t.requesterId)).toEqual([user.id, user.id, user.id]);
    expect((await list('?status=new')).map((t) => t.priority)).toEqual(['critical', 'low']);
    expect((await list('?priority=low')).map((t) => t.status)).toEqual(['resolved', 'new']);
    expect((await list('?status=new&priority=low')).length).toBe(1);
    expect((await list('?status=all&priority=all')).length).toBe(3);
    expect(await list('?status=closed')).toEqual([]);

    const staff = ZTicketListResponse.parse((await agent.client.get(API_PATHS.tickets)).body);
    expect(staff.tickets).toHaveLength(25);
    expect(staff.nextCursor).not.toBeNull();
    const requesters = new Set(staff.tickets.map((t) => t.requesterId));
    expect(requesters.size).toBeGreaterThan(1);
  });

  test('bad queries are 400: limits out of range, unknown keys and filters, tampered cursors', async () => {
    const valid = ZTicketListResponse.parse((await agent.client.get(`${API_PATHS.tickets}?limit=1`)).body);
    const cursor = valid.nextCursor ?? '';
    const decoded = Buffer.from(cursor, 'base64url').toString();
    const tampered = [
      'not a cursor!',
      'abc',
      Buffer.from('2025-02-30 10:00:00.123456+00|00000000-0000-0000-0000-000000000000').toString('base64url'),
      Buffer.from(`${decoded}|extra`).toString('base64url'),
      Buffer.from(decoded.replace('|', '|x')).toString('base64url'),
      Buffer.from(`'; drop table tickets; --|${crypto.randomUUID()}`).toString('base64url'),
      'x'.repeat(201),
    ];
    for (const bad of tampered) {
      const response = await agent.client.get(`${API_PATHS.tickets}?cursor=${encodeURIComponent(bad)}`);
      expect(response.status).toBe(400);
    }
    const invalidCursor = await agent.client.get(`${API_PATHS.tickets}?cursor=abc`);
    expect(errorOf(invalidCursor)).toEqual({
      code: ERROR_CODES.validation,
      message: TICKET_MESSAGES.invalidCursor,
      fields: { cursor: TICKET_MESSAGES.invalidCursor },
    });
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'limit=2.5',
      'status=open',
      'priority=urgent',
      'page=2',
    ]) {
      const response = await agent.client.get(`${API_PATHS.tickets}?${query}`);
      expect(response.status).toBe(400);
      expect(errorOf(response).code).toBe(ERROR_CODES.validation);
    }
    expect((await agent.client.get(`${API_PATHS.tickets}?limit=100`)).status).toBe(200);
  });
});

describe('GET /api/tickets/{id}', () => {
  test("someone else's ticket answers exactly like a missing one", async () => {
    const theirs = await fileTicket(otherEndUser.client);
    const probe = await endUser.client.get(ticketPath(theirs.id));
    const missing = await endUser.client.get(ticketPath(crypto.randomUUID()));
    expect(probe.status).toBe(404);
    expect(probe.text).toBe(missing.text);
    expect(errorOf(probe)).toEqual({ code: ERROR_CODES.notFound, message: TICKET_MESSAGES.ticketNotFound });
    expect((await agent.client.get(ticketPath(theirs.id))).status).toBe(200);
    const bad = await endUser.client.get(ticketPath('123'));
    expect(bad.status).toBe(400);
    expect(errorOf(bad).message).toBe('Invalid ticket ID format');
  });
});

async function patch(client: TestClient, ticketId: string, body: unknown) {
  return client.patch(ticketPath(ticketId), body);
}

describe('PATCH /api/tickets/{id}', () => {
  test('status moves freely; respondedAt, resolvedAt and closedAt follow; each change is an event', async () => {
    const ticket = await fileTicket(endUser.client);
    const started = ZTicketDetail.parse(
      (await patch(agent.client, ticket.id, { status: 'in_progress' })).body,
    );
    expect(started.status).toBe('in_progress');
    expect(started.respondedAt).not.toBeNull();
    const resolved = ZTicketDetail.parse((await patch(agent.client, ticket.id, { status: 'resolved' })).body);
    expect(resolved.resolvedAt).not.toBeNull();
    expect(resolved.closedAt).toBeNull();
    expect(resolved.respondedAt).toBe(started.respondedAt);
    const closed = ZTicketDetail.parse((await patch(agent.client, ticket.id, { status: 'closed' })).body);
    expect(closed.closedAt).not.toBeNull();
    expect(closed.resolvedAt).toBe(resolved.resolvedAt);
    const reopened = ZTicketDetail.parse((await patch(admin.client, ticket.id, { status: 'new' })).body);
    expect(reopened).toMatchObject({ status: 'new', resolvedAt: null, closedAt: null });
    const closedDirectly = ZTicketDetail.parse(
      (await patch(admin.client, ticket.id, { status: 'closed' })).body,
    );
    expect(closedDirectly.resolvedAt).not.toBeNull();
    expect(closedDirectly.closedAt).not.toBeNull();
    expect(
      closedDirectly.events
        .filter((e) => e.eventType === 'status_changed')
        .map((e) => [e.eventData.from, e.eventData.to]),
    ).toEqual([
      ['new', 'in_progress'],
      ['in_progress', 'resolved'],
      ['resolved', 'closed'],
      ['closed', 'new'],
      ['new', 'closed'],
    ]);
  });

  test('a new priority recomputes both deadlines from the creation time', async () => {
    const ticket = await fileTicket(endUser.client, { priority: 'low' });
    const updated = ZTicketDetail.parse(
      (await patch(agent.client, ticket.id, { priority: 'critical' })).body,
    );
    const created = Date.parse(ticket.createdAt);
    expect(Date.parse(updated.slaResponseBy ?? '')).toBe(created + TEST_SLA_HOURS.critical[0] * HOUR);
    expect(Date.parse(updated.slaResolveBy ?? '')).toBe(created + TEST_SLA_HOURS.critical[1] * HOUR);
    expect(updated.respondedAt).toBeNull();
    expect(updated.events.at(-1)).toMatchObject({
      eventType: 'priority_changed',
      eventData: { from: 'low', to: 'critical' },
    });
  });

  test('assignee and team: validated, recorded as events, notifications to the right people only', async () => {
    const [teamAgent, teamAdmin, outsider] = await Promise.all([
      createUser({ role: 'agent' }),
      createUser({ role: 'admin' }),
      createUser({ role: 'agent' }),
    ]);
    const teamId = await createTeam(`Team ${crypto.randomUUID()}`, [
      teamAgent.id,
      teamAdmin.id,
      agent.user.id,
    ]);
    const ticket = await fileTicket(endUser.client, { title: 'Need a laptop' });

    const assigned = ZTicketDetail.parse(
      (await patch(admin.client, ticket.id, { assigneeId: teamAgent.id, teamId })).body,
    );
    expect(assigned).toMatchObject({
      assigneeId: teamAgent.id,
      assignee: { id: teamAgent.id, firstName: 'Test', lastName: teamAgent.lastName },
      teamId,
      team: { id: teamId },
      respondedAt: null,
    });
    expect(assigned.events.slice(-2).map((e) => [e.eventType, e.eventData])).toEqual([
      ['assigned', { from: null, to: teamAgent.id, fromName: null, toName: `Test ${teamAgent.lastName}` }],
      ['team_changed', { from: null, to: teamId, fromName: null, toName: expect.any(String) }],
    ]);
    expect(await notificationsAbout(teamAgent.id, ticket.id)).toContainEqual({
      type: 'ticket_assigned',
      title: `${ticket.ticketNumber} assigned to you`,
      message: 'You were assigned "Need a laptop".',
    });

    // The agent (a team member) acts: the assignee and the other team members hear of it, the agent does not.
    const notifiedBefore = await notificationsAbout(agent.user.id, ticket.id);
    await patch(agent.client, ticket.id, { status: 'in_progress' });
    await patch(agent.client, ticket.id, { status: 'resolved' });
    for (const member of [teamAgent, teamAdmin]) {
      const notes = (await notificationsAbout(member.id, ticket.id)).filter(
        (n) => n.type === 'ticket_status_changed' || n.type === 'ticket_resolved',
      );
      expect(notes).toEqual([
        {
          type: 'ticket_status_changed',
          title: `${ticket.ticketNumber} is in progress`,
          message: '"Need a laptop" moved from New to In Progress.',
        },
        {
          type: 'ticket_resolved',
          title: `${ticket.ticketNumber} resolved`,
          message: '"Need a laptop" was resolved.',
        },
      ]);
    }
    expect(await notificationsAbout(agent.user.id, ticket.id)).toEqual(notifiedBefore);
    expect(await notificationsAbout(outsider.id, ticket.id)).toEqual(
      (await notificationsAbout(outsider.id, ticket.id)).filter((n) => n.type === 'ticket_created'),
    );
    expect(await notificationsAbout(endUser.user.id, ticket.id)).toEqual([]);

    const unassigned = ZTicketDetail.parse(
      (await patch(admin.client, ticket.id, { assigneeId: null, teamId: null })).body,
    );
    expect(unassigned).toMatchObject({ assigneeId: null, assignee: null, teamId: null, team: null });
  });

  test('an assignee must be an active agent or admin; a team must be active', async () => {
    const ticket = await fileTicket(endUser.client);
    const [pendingAgent, inactiveTeam] = await Promise.all([
      createUser({ role: 'agent', status: 'pending' }),
      createTeam(`Old team ${crypto.randomUUID()}`, [], false),
    ]);
    for (const assigneeId of [endUser.user.id, pendingAgent.id, crypto.randomUUID()]) {
      const response = await patch(agent.client, ticket.id, { assigneeId });
      expect(response.status).toBe(400);
      expect(errorOf(response)).toEqual({
        code: ERROR_CODES.validation,
        message: TICKET_MESSAGES.assigneeInvalid,
        fields: { assigneeId: TICKET_MESSAGES.assigneeInvalid },
      });
    }
    for (const teamId of [inactiveTeam, crypto.randomUUID()]) {
      const response = await patch(agent.client, ticket.id, { teamId, status: 'in_progress' });
      expect(response.status).toBe(400);
      expect(errorOf(response).fields).toEqual({ teamId: TICKET_MESSAGES.teamInvalid });
    }
    const unchanged = ZTicketDetail.parse((await agent.client.get(ticketPath(ticket.id))).body);
    expect(unchanged).toMatchObject({ status: 'new', assigneeId: null, teamId: null });
    expect(unchanged.events.map((e) => e.eventType)).toEqual(['created']);
  });

  test('bad bodies are 400 and change nothing; the same values change nothing either', async () => {
    const ticket = await fileTicket(endUser.client);
    for (const [body, fields] of [
      [{}, { body: 'Nothing to update' }],
      [{ status: 'done' }, { status: expect.any(String) }],
      [{ priority: null }, { priority: expect.any(String) }],
      [{ assigneeId: 'me' }, { assigneeId: 'Invalid assignee ID format' }],
      [{ teamId: 7 }, { teamId: 'Invalid team ID format' }],
      [{ title: 'Renamed' }, { title: 'Unknown field', body: 'Nothing to update' }],
      [{ status: 'closed', requesterId: otherEndUser.user.id }, { requesterId: 'Unknown field' }],
    ] as const) {
      const response = await patch(agent.client, ticket.id, body);
      expect(response.status).toBe(400);
      expect(errorOf(response).fields).toEqual(fields);
    }
    const same = ZTicketDetail.parse(
      (await patch(agent.client, ticket.id, { status: 'new', priority: 'medium' })).body,
    );
    expect(same.updatedAt).toBe(ticket.updatedAt);
    expect(same.events.map((e) => e.eventType)).toEqual(['created']);
    expect((await patch(agent.client, crypto.randomUUID(), { status: 'closed' })).status).toBe(404);
    expect((await patch(agent.client, 'nope', { status: 'closed' })).status).toBe(400);
  });

  test('end users may not change any ticket, their own included: 403 alike, nothing changes', async () => {
    const own = await fileTicket(endUser.client);
    const theirs = await fileTicket(otherEndUser.client);
    const answers = [];
    for (const id of [own.id, theirs.id, crypto.randomUUID()]) {
      for (const body of [
        { status: 'closed' },
        { priority: 'critical' },
        { assigneeId: agent.user.id },
        { teamId: null },
      ]) {
        const response = await patch(endUser.client, id, body);
        expect(response.status).toBe(403);
        answers.push(response.text);
      }
    }
    expect(new Set(answers).size).toBe(1);
    const after = ZTicketDetail.parse((await endUser.client.get(ticketPath(own.id))).body);
    expect(after).toMatchObject({
      status: 'new',
      priority: 'medium',
      assigneeId: null,
      updatedAt: own.updatedAt,
    });
  });
});

describe('comments', () => {
  test('staff public reply is the first response; end user replies are not; oldest first', async () => {
    const ticket = await fileTicket(endUser.client);
    const mine = await endUser.client.post(`${ticketPath(ticket.id)}/comments`, { content: '  Any news?  ' });
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({
      ticketId: ticket.id,
      content: 'Any news?',
      isInternal: false,
      author: { id: endUser.user.id, firstName: 'Test', profileImageUrl: null },
    });
    const afterOwn = ZTicketDetail.parse((await agent.client.get(ticketPath(ticket.id))).body);
    expect(afterOwn.respondedAt).toBeNull();
    const reply = await agent.client.post(`${ticketPath(ticket.id)}/comments`, {
      content: 'On it.',
      isInternal: false,
    });
    expect(reply.status).toBe(201);
    const afterReply = ZTicketDetail.parse((await endUser.client.get(ticketPath(ticket.id))).body);
    expect(afterReply.respondedAt).not.toBeNull();
    expect(afterReply.comments.map((c) => c.content)).toEqual(['Any news?', 'On it.']);
    expect(afterReply.events.map((e) => [e.eventType, e.eventData.isInternal])).toEqual([
      ['created', undefined],
      ['comment_added', false],
      ['comment_added', false],
    ]);
  });

  test('blank, huge, internal-by-end-user and foreign comments are refused; nothing is stored', async () => {
    const ticket = await fileTicket(endUser.client);
    const theirs = await fileTicket(otherEndUser.client);
    for (const [body, status, fields] of [
      [{ content: '   ' }, 400, { content: 'Comment cannot be empty' }],
      [{ content: 'x'.repeat(10_001) }, 400, { content: 'Comment is too long' }],
      [{ content: 'x', isInternal: 'true' }, 400, { isInternal: expect.any(String) }],
      [{ content: 'x', authorId: agent.user.id }, 400, { authorId: 'Unknown field' }],
    ] as const) {
      const response = await endUser.client.post(`${ticketPath(ticket.id)}/comments`, body);
      expect(response.status).toBe(status);
      expect(errorOf(response).fields).toEqual(fields);
    }
    const internal = await endUser.client.post(`${ticketPath(ticket.id)}/comments`, {
      content: 'Let me see the notes',
      isInternal: true,
    });
    expect(internal.status).toBe(403);
    expect(errorOf(internal)).toEqual({
      code: ERROR_CODES.forbidden,
      message: TICKET_MESSAGES.internalCommentForbidden,
    });
    const foreign = await endUser.client.post(`${ticketPath(theirs.id)}/comments`, { content: 'Hello' });
    const missing = await endUser.client.post(`${ticketPath(crypto.randomUUID())}/comments`, {
      content: 'Hello',
    });
    expect(foreign.status).toBe(404);
    expect(foreign.text).toBe(missing.text);
    const foreignInternal = await endUser.client.post(`${ticketPath(theirs.id)}/comments`, {
      content: 'Hello',
      isInternal: true,
    });
    expect(foreignInternal.text).toBe(missing.text);
    const [counts] = await sql<{ comments: number; events: number }[]>`
      select (select count(*)::int from ticket_comments where ticket_id in (${ticket.id}, ${theirs.id})) as comments,
             (select count(*)::int from ticket_events where ticket_id in (${ticket.id}, ${theirs.id})) as events`;
    expect(counts).toEqual({ comments: 0, events: 2 });
  });

  test('Idempotency-Key on comments: a retry adds no second comment', async () => {
    const ticket = await fileTicket(endUser.client);
    const key = crypto.randomUUID();
    const send = () =>
      agent.client.post(
        `${ticketPath(ticket.id)}/comments`,
        { content: 'Once' },
        { headers: { 'Idempotency-Key': key } },
      );
    const [first, second] = [await send(), await send()];
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    const detail = ZTicketDetail.parse((await agent.client.get(ticketPath(ticket.id))).body);
    expect(detail.comments).toHaveLength(1);
    const other = await fileTicket(endUser.client);
    const elsewhere = await agent.client.post(
      `${ticketPath(other.id)}/comments`,
      { content: 'Once' },
      { headers: { 'Idempotency-Key': key } },
    );
    expect(elsewhere.status).toBe(409);
  });
});

describe('internal notes never reach an end user', () => {
  test('a canary internal note appears in no end-user answer, and changes none of them', async () => {
    // The snapshots hold the dashboard's "resolved today", which starts again at midnight: both
    // are taken on one UTC day.
    await clearOfUtcMidnight(sql);
    const ticket = await fileTicket(endUser.client, { title: 'Canary ticket' });
    await agent.client.post(`${ticketPath(ticket.id)}/comments`, { content: 'Public hello' });
    // Resolved, both SLA targets are met and stop counting minutes: the snapshots cannot differ by the clock.
    await agent.client.patch(ticketPath(ticket.id), { status: 'resolved' });
    const endUserViews = [
      ticketPath(ticket.id),
      `${ticketPath(ticket.id)}/sla-status`,
      API_PATHS.tickets,
      `${API_PATHS.tickets}?status=new`,
      API_PATHS.dashboardMetrics,
      API_PATHS.dashboardTeamActivity,
      API_PATHS.dashboardSlaMetrics,
    ];
    const snapshot = async () =>
      Promise.all(endUserViews.map(async (path) => (await endUser.client.get(path)).text));
    const before = await snapshot();

    const canary = `CANARY-${crypto.randomUUID()}`;
    const note = await agent.client.post(`${ticketPath(ticket.id)}/comments`, {
      content: canary,
      isInternal: true,
    });
    expect(note.status).toBe(201);
    const noteId = ZTicketComment.parse(note.body).id;

    const after = await snapshot();
    expect(after).toEqual(before);
    for (const text of after) {
      expect(text).not.toContain(canary);
      expect(text).not.toContain(noteId);
    }
    for (const path of [API_PATHS.notifications, API_PATHS.notificationsCount]) {
      const response = await endUser.client.get(path);
      expect(response.status).toBe(403);
      expect(response.text).not.toContain(canary);
    }
    const staffView = await agent.client.get(ticketPath(ticket.id));
    expect(staffView.text).toContain(canary);
    const staffDetail = ZTicketDetail.parse(staffView.body);
    expect(staffDetail.events.at(-1)).toMatchObject({
      eventType: 'comment_added',
      eventData: { isInternal: true },
    });
    const [stored] = await sql<{ count: number }[]>`
      select count(*)::int as count from notifications where message like ${`%${canary}%`} or title like ${`%${canary}%`}`;
    expect(stored?.count).toBe(0);
  }, 30_000);
});

describe('GET /api/tickets/{id}/sla-status', () => {
  test('on_track when new, met after a timely reply, breached past a deadline, n/a without one', async () => {
    const ticket = await fileTicket(endUser.client, { priority: 'medium' });
    const fresh = await endUser.client.get(`${ticketPath(ticket.id)}/sla-status`);
    expect(fresh.status).toBe(200);
    const [responseHours, resolutionHours] = TEST_SLA_HOURS.medium;
    expect(fresh.body).toEqual({
      responseStatus: 'on_track',
      resolutionStatus: 'on_track',
      responseTimeRemaining: expect.any(Number),
      resolutionTimeRemaining: expect.any(Number),
      explanation: expect.any(Object),
    });
    const body = ZTicketSlaStatus.parse(fresh.body);
    expect(body.responseTimeRemaining ?? 0).toBeWithin(responseHours * 60 - 2, responseHours * 60);
    expect(body.resolutionTimeRemaining ?? 0).toBeWithin(resolutionHours * 60 - 2, resolutionHours * 60);

    await agent.client.post(`${ticketPath(ticket.id)}/comments`, { content: 'Looking.' });
    expect((await endUser.client.get(`${ticketPath(ticket.id)}/sla-status`)).body).toMatchObject({
      responseStatus: 'met',
      responseTimeRemaining: null,
      resolutionStatus: 'on_track',
    });

    await sql`update tickets set sla_resolve_by = now() - interval '90 minutes' where id = ${ticket.id}`;
    const late = ZTicketSlaStatus.parse(
      (await endUser.client.get(`${ticketPath(ticket.id)}/sla-status`)).body,
    );
    expect(late.resolutionStatus).toBe('breached');
    expect(late.resolutionTimeRemaining ?? 0).toBeWithin(-92, -89);

    await sql`update tickets set sla_response_by = null, sla_resolve_by = null where id = ${ticket.id}`;
    expect((await endUser.client.get(`${ticketPath(ticket.id)}/sla-status`)).body).toEqual({
      responseStatus: 'n/a',
      resolutionStatus: 'n/a',
      responseTimeRemaining: null,
      resolutionTimeRemaining: null,
      explanation: expect.any(Object),
    });
  });

  test("an end user probing someone else's ticket gets the missing-ticket answer", async () => {
    const theirs = await fileTicket(otherEndUser.client);
    const probe = await endUser.client.get(`${ticketPath(theirs.id)}/sla-status`);
    const missing = await endUser.client.get(`${ticketPath(crypto.randomUUID())}/sla-status`);
    expect(probe.status).toBe(404);
    expect(probe.text).toBe(missing.text);
    expect((await endUser.client.get(`${ticketPath('x')}/sla-status`)).status).toBe(400);
  });
});

describe('GET /api/tickets/assignment-options', () => {
  test('active agents and admins by name, active teams by name; staff only', async () => {
    const [pendingAgent, activeTeam, inactiveTeam] = await Promise.all([
      createUser({ role: 'agent', status: 'pending' }),
      createTeam(`Active ${crypto.randomUUID()}`, []),
      createTeam(`Inactive ${crypto.randomUUID()}`, [], false),
    ]);
    const response = await agent.client.get(TICKET_ASSIGNMENT_OPTIONS_PATH);
    expect(response.status).toBe(200);
    const options = ZAssignmentOptions.parse(response.body);
    const assigneeIds = options.assignees.map((a) => a.id);
    expect(assigneeIds).toContain(agent.user.id);
    expect(assigneeIds).toContain(admin.user.id);
    expect(assigneeIds).not.toContain(endUser.user.id);
    expect(assigneeIds).not.toContain(pendingAgent.id);
    expect(options.teams.map((t) => t.id)).toContain(activeTeam);
    expect(options.teams.map((t) => t.id)).not.toContain(inactiveTeam);
    const names = options.teams.map((t) => t.name);
    expect(names).toEqual([...names].sort());
    expect((await endUser.client.get(TICKET_ASSIGNMENT_OPTIONS_PATH)).status).toBe(403);
  });
});
