/**
 * POST /api/tickets names its requester by id as well as by email
 * (docs/product.md#filing-for-someone-else): the caller by default, anyone active for staff,
 * nobody else for an end user, and both names must agree.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { API_PATHS, ERROR_CODES, TICKET_MESSAGES, ZTicketDetail } from '@helpdesk/contracts';
import { createUser, errorOf, signedIn, sql, type TestClient, type TestUser } from '../../test/helpers.ts';
import { ensureSlaPolicies } from '../../test/tickets.ts';

type Signed = { user: TestUser; client: TestClient };
let endUser: Signed;
let agent: Signed;
let admin: Signed;
let customer: TestUser;
let otherCustomer: TestUser;

beforeAll(async () => {
  await ensureSlaPolicies();
  [endUser, agent, admin] = await Promise.all([signedIn('end_user'), signedIn('agent'), signedIn('admin')]);
  [customer, otherCustomer] = await Promise.all([createUser(), createUser()]);
});

const ticketCount = async () =>
  (await sql<{ count: number }[]>`select count(*)::int as count from tickets`)[0]?.count ?? 0;

const file = (client: TestClient, named: Record<string, unknown>) =>
  client.post(API_PATHS.tickets, { title: 'Laptop will not boot', description: 'Black screen.', ...named });

describe('naming nobody means the caller', () => {
  test.each([
    { as: 'end user', named: {} },
    { as: 'end user', named: { requesterId: '' } },
    { as: 'end user', named: { requesterId: 'anonymous-user' } },
    { as: 'end user', named: { requesterId: 'own' } },
    { as: 'agent', named: { requesterId: 'anonymous-user' } },
    { as: 'agent', named: { requesterId: '' } },
    { as: 'agent', named: { requesterId: 'own' } },
  ])('$as with $named', async ({ as, named }) => {
    const caller = as === 'agent' ? agent : endUser;
    const body = named.requesterId === 'own' ? { requesterId: caller.user.id } : named;
    const response = await file(caller.client, body);
    expect(response.status).toBe(201);
    expect(ZTicketDetail.parse(response.body).requesterId).toBe(caller.user.id);
  });
});

describe('staff file for someone else by id', () => {
  test.each([{ as: 'agent' }, { as: 'admin' }])(
    '$as names an active user: they are the requester',
    async ({ as }) => {
      const caller = as === 'admin' ? admin : agent;
      const response = await file(caller.client, { requesterId: customer.id });
      expect(response.status).toBe(201);
      const ticket = ZTicketDetail.parse(response.body);
      expect(ticket.requesterId).toBe(customer.id);
      expect(ticket.requester.email).toBe(customer.email);
    },
  );

  test('id and email of the same person agree (the email in any case)', async () => {
    const response = await file(agent.client, {
      requesterId: customer.id,
      requesterEmail: customer.email.toUpperCase(),
    });
    expect(response.status).toBe(201);
    expect(ZTicketDetail.parse(response.body).requesterId).toBe(customer.id);
  });

  test('nobody who may be named, or two different people: 400 on the field, nothing filed', async () => {
    const [pending, unverified] = await Promise.all([
      createUser({ status: 'pending' }),
      createUser({ isEmailVerified: false }),
    ]);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ requesterId: crypto.randomUUID() }, { requesterId: TICKET_MESSAGES.noActiveUserWithId }],
      [{ requesterId: pending.id }, { requesterId: TICKET_MESSAGES.noActiveUserWithId }],
      [{ requesterId: unverified.id }, { requesterId: TICKET_MESSAGES.noActiveUserWithId }],
      [
        { requesterId: customer.id, requesterEmail: otherCustomer.email },
        { requesterId: TICKET_MESSAGES.requesterMismatch, requesterEmail: TICKET_MESSAGES.requesterMismatch },
      ],
      [
        { requesterId: agent.user.id, requesterEmail: customer.email },
        { requesterId: TICKET_MESSAGES.requesterMismatch, requesterEmail: TICKET_MESSAGES.requesterMismatch },
      ],
    ];
    const before = await ticketCount();
    for (const [named, fields] of cases) {
      const response = await file(agent.client, named);
      expect(response.status).toBe(400);
      expect(errorOf(response).fields).toEqual(fields);
    }
    expect(await ticketCount()).toBe(before);
  });
});

describe('an end user names only themselves', () => {
  test("another user's id: 403 with a clear message, nothing filed", async () => {
    const before = await ticketCount();
    for (const named of [
      { requesterId: customer.id },
      { requesterId: agent.user.id },
      { requesterId: crypto.randomUUID() },
      { requesterId: customer.id, requesterEmail: customer.email },
    ]) {
      const response = await file(endUser.client, named);
      expect(response.status).toBe(403);
      expect(errorOf(response)).toMatchObject({
        code: ERROR_CODES.forbidden,
        message: TICKET_MESSAGES.requesterNotAllowed,
      });
    }
    expect(await ticketCount()).toBe(before);
  });

  test('their own id with someone else’s email is still refused', async () => {
    const before = await ticketCount();
    const response = await file(endUser.client, {
      requesterId: endUser.user.id,
      requesterEmail: customer.email,
    });
    expect(response.status).toBe(400);
    expect(errorOf(response).fields).toEqual({ requesterEmail: TICKET_MESSAGES.requesterNotAllowed });
    expect(await ticketCount()).toBe(before);
  });
});

describe('a malformed id is a 400, for anyone', () => {
  test.each([
    'not-a-uuid',
    ' anonymous-user',
    'ANONYMOUS-USER',
    `${crypto.randomUUID()}x`,
    'x'.repeat(10_000),
    42,
    null,
    ['a'],
  ])('%p', async (requesterId) => {
    const before = await ticketCount();
    for (const caller of [endUser, agent]) {
      const response = await file(caller.client, { requesterId });
      expect(response.status).toBe(400);
      expect(Object.keys(errorOf(response).fields ?? {})).toEqual(['requesterId']);
    }
    expect(await ticketCount()).toBe(before);
  });
});
