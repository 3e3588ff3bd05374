/**
 * The filing and comment budgets spent by the write's own first statement (docs/security.md#write-limits):
 * a write over its limit is refused with the same 429 and writes nothing, and a request refused for
 * any other reason (someone else's ticket, an end user's internal note, a follow-up over the filing
 * budget) spends nothing. The limits are the production ones (scale 1).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { API_PATHS, ERROR_CODES, ticketPath } from '@helpdesk/contracts';
import {
  createUser,
  errorOf,
  signedIn,
  sql,
  type TestClient,
  type TestResponse,
  withRateLimitScale,
} from '../../test/helpers.ts';
import { startListeningCaches } from '../../test/process-caches.ts';
import { ensureSlaPolicies, fileTicket, insertTicketRow } from '../../test/tickets.ts';
import { slaPolicyCache } from '../sla/policy-cache.ts';

const commentOn = (client: TestClient, ticketId: string, n: number, isInternal = false) =>
  client.post(`${ticketPath(ticketId)}/comments`, { content: `Reply ${n}`, isInternal });

const times = <T>(count: number, make: (n: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, n) => make(n)));

function expectLimited(response: TestResponse, words: RegExp) {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(errorOf(response).code).toBe(ERROR_CODES.tooManyRequests);
  expect(errorOf(response).message).toMatch(words);
}

function statuses(answers: readonly { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/**
 * Thirty filings at once by one end user: five are filed with their events and broadcasts, the rest
 * refused with the wait in words, leaving no row and no mail of theirs.
 */
async function ticketFlood(notifyRequester: boolean) {
  const { user, client } = await signedIn('end_user');
  const answers = await withRateLimitScale(1, () =>
    times(30, (n) =>
      client.post(API_PATHS.tickets, { title: `Flood ${n}`, description: 'Again.', notifyRequester }),
    ),
  );
  expect(statuses(answers)).toEqual({ 201: 5, 429: 25 });
  for (const answer of answers.filter((item) => item.status === 429)) {
    expectLimited(answer, /filed too many tickets.*try again in \d+ minutes?\./);
  }
  const [rows] = await sql<{ tickets: number; events: number; broadcasts: number; strayMail: number }[]>`
    select (select count(*)::int from tickets where requester_id = ${user.id}) as tickets,
           (select count(*)::int from ticket_events e join tickets t on t.id = e.ticket_id
            where t.requester_id = ${user.id} and e.event_type = 'created') as events,
           (select count(*)::int from broadcast_notifications where actor_id = ${user.id}) as broadcasts,
           (select count(*)::int from email_outbox o where o.recipient = ${user.email}
            and (o.ticket_id is null or o.ticket_id not in (select id from tickets where requester_id = ${user.id}))) as "strayMail"`;
  expect(rows).toEqual({ tickets: 5, events: 5, broadcasts: 5, strayMail: 0 });
}

describe('a write over its budget writes nothing', () => {
  test('a ticket flood: 5 filed with their events, 25 refused with the wait in words, no row of theirs', async () => {
    await ticketFlood(true);
  });

  test('a comment flood: 10 stored with their events, 15 refused, the ticket touched by the 10 alone', async () => {
    const { client } = await signedIn('end_user');
    const ticket = await fileTicket(client);
    const answers = await withRateLimitScale(1, () => times(25, (n) => commentOn(client, ticket.id, n)));
    expect(statuses(answers)).toEqual({ 201: 10, 429: 15 });
    for (const answer of answers.filter((item) => item.status === 429)) {
      expectLimited(answer, /added too many comments.*try again in \d+ (seconds?|minutes?)\./);
    }
    const [rows] = await sql<{ comments: number; events: number }[]>`
      select (select count(*)::int from ticket_comments where ticket_id = ${ticket.id}) as comments,
             (select count(*)::int from ticket_events where ticket_id = ${ticket.id} and event_type = 'comment_added') as events`;
    expect(rows).toEqual({ comments: 10, events: 10 });
  });

  test('staff replying to a resolved ticket (read without the budget) are still held to theirs: 60, then 429', async () => {
    const { client } = await signedIn('agent');
    const requester = await createUser();
    const resolved = await insertTicketRow({
      requesterId: requester.id,
      status: 'resolved',
      createdHoursAgo: 30,
      resolvedHoursAgo: 1,
    });
    const answers = await withRateLimitScale(1, () => times(61, (n) => commentOn(client, resolved.id, n)));
    expect(statuses(answers)).toEqual({ 201: 60, 429: 1 });
  });
});

describe('a refused comment spends nothing', () => {
  test("comments on someone else's ticket (404) leave the whole budget", async () => {
    const { client } = await signedIn('end_user');
    const other = await createUser();
    const theirs = await insertTicketRow({ requesterId: other.id, createdHoursAgo: 1 });
    const mine = await fileTicket(client);
    await withRateLimitScale(1, async () => {
      expect(statuses(await times(12, (n) => commentOn(client, theirs.id, n)))).toEqual({ 404: 12 });
      expect(statuses(await times(11, (n) => commentOn(client, mine.id, n)))).toEqual({ 201: 10, 429: 1 });
    });
  });

  test("an end user's internal notes (403) leave the whole budget", async () => {
    const { client } = await signedIn('end_user');
    const mine = await fileTicket(client);
    await withRateLimitScale(1, async () => {
      expect(statuses(await times(12, (n) => commentOn(client, mine.id, n, true)))).toEqual({ 403: 12 });
      expect(statuses(await times(11, (n) => commentOn(client, mine.id, n)))).toEqual({ 201: 10, 429: 1 });
    });
  });

  test('a reply to a closed ticket refused by the filing budget spends no comment', async () => {
    const { user, client } = await signedIn('end_user');
    const closed = await insertTicketRow({
      requesterId: user.id,
      status: 'closed',
      createdHoursAgo: 60,
      resolvedHoursAgo: 50,
      closedHoursAgo: 48,
    });
    const open = await insertTicketRow({ requesterId: user.id, createdHoursAgo: 1 });
    await withRateLimitScale(1, async () => {
      expect(
        statuses(
          await times(5, (n) => client.post(API_PATHS.tickets, { title: `T ${n}`, description: 'x' })),
        ),
      ).toEqual({ 201: 5 });
      const reply = await commentOn(client, closed.id, 0);
      expectLimited(reply, /filed too many tickets/);
      expect(statuses(await times(11, (n) => commentOn(client, open.id, n)))).toEqual({ 201: 10, 429: 1 });
    });
    const [row] = await sql<{ count: number }[]>`
      select count(*)::int as count from tickets where follow_up_of = ${closed.id}`;
    expect(row?.count).toBe(0);
  });
});

// With the process caches up, a filing reads nothing for its policy, rules or webhooks: its budget
// is spent by the confirmation's read when it sends one, and on its own when it does not.
describe('a ticket flood while the caches hold everything a filing needs', () => {
  let stopCaches: () => Promise<void> = async () => {};

  beforeAll(async () => {
    await ensureSlaPolicies();
    stopCaches = await startListeningCaches(() => slaPolicyCache().isActive);
    // One filing fills the caches for the floods.
    await fileTicket((await signedIn('end_user')).client);
  });

  afterAll(async () => {
    await stopCaches();
  });

  test('with a confirmation: 5 filed, 25 refused, no row or mail of theirs', async () => {
    const hits = slaPolicyCache().hits;
    await ticketFlood(true);
    expect(slaPolicyCache().hits).toBeGreaterThan(hits);
  });

  test('without one: 5 filed, 25 refused, no row of theirs', async () => {
    const hits = slaPolicyCache().hits;
    await ticketFlood(false);
    expect(slaPolicyCache().hits).toBeGreaterThan(hits);
  });
});
