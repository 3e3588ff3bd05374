/**
 * Each ticket write sends a fixed, small number of statements whatever the ticket (docs/performance.md: the
 * writes are measured against one raw insert). Counted on the API's own pool with postgres.js's
 * debug hook, calling the services directly so the session lookup is not in the count.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createUser, sql, type TestUser } from '../../test/helpers.ts';
import { ensureSlaPolicies } from '../../test/tickets.ts';
import { addComment, createTicket, updateTicketFields } from './service.ts';

const links = { appBaseUrl: 'http://desk.test' };

/** The statements `run` sends on the API's pool (BEGIN and COMMIT included). */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const previous = sql.options.debug;
  sql.options.debug = (_connection, query) => {
    sent.push(query.trim().split(/\s+/).slice(0, 4).join(' '));
  };
  try {
    await run();
  } finally {
    sql.options.debug = previous;
  }
  return sent;
}

let agent: TestUser;
let requester: TestUser;

const file = (notifyRequester: boolean) =>
  createTicket(
    agent,
    {
      title: 'Printer offline',
      description: 'It blinks.',
      priority: 'medium',
      category: 'hardware',
      notifyRequester,
      requesterEmail: requester.email,
    },
    null,
    links,
  );

const comment = (ticketId: string, isInternal: boolean, author: TestUser = agent) =>
  addComment(author, ticketId, { content: 'Looking into it.', isInternal }, null, links);

beforeAll(async () => {
  await ensureSlaPolicies();
  [agent, requester] = await Promise.all([createUser({ role: 'agent' }), createUser()]);
});

afterAll(() => {
  sql.options.debug = false;
});

describe('statements per write', () => {
  test('filing a ticket: the requester look-up, the policy match that spends the filing budget, and one statement, however many agents hear of it', async () => {
    const sent = await statementsOf(() => file(false));
    expect(sent).toHaveLength(3);
    expect(sent[0]).toStartWith('select id from users');
    expect(sent[1]).toStartWith('with taken as');
    expect(sent[2]).toStartWith('with t as');
  });

  test('a comment: the context read that spends the comment budget and one statement when public; the budget and one statement for a staff note; on a quiet and a long thread alike', async () => {
    const quiet = (await file(false)).body;
    const busy = (await file(false)).body;
    for (let i = 0; i < 30; i++) await comment(busy.id, i % 3 === 0);
    for (const ticket of [quiet, busy]) {
      const reply = await statementsOf(() => comment(ticket.id, false));
      expect(reply).toHaveLength(2);
      expect(reply[0]).toStartWith('with tried as');
      expect(reply[1]).toStartWith('with c as');
      expect(await statementsOf(() => comment(ticket.id, true))).toHaveLength(2);
      expect(await statementsOf(() => comment(ticket.id, false, requester))).toHaveLength(2);
    }
  });

  test('a status change: the locked context, the change, the answer, in one transaction, however long the thread', async () => {
    const quiet = (await file(false)).body;
    const busy = (await file(false)).body;
    for (let i = 0; i < 30; i++) await comment(busy.id, false);
    for (const ticket of [quiet, busy]) {
      const change = await statementsOf(() =>
        updateTicketFields(agent, ticket.id, { status: 'in_progress' }, links),
      );
      expect(change).toHaveLength(5);
      expect(change[0]).toBe('begin');
      expect(change.at(-1)).toBe('commit');
      // The same values again change nothing and write nothing.
      const same = await statementsOf(() =>
        updateTicketFields(agent, ticket.id, { status: 'in_progress' }, links),
      );
      expect(same).toHaveLength(4);
      // A resolution with its mail, a new priority and an assignee: still one statement for all of it.
      const resolve = await statementsOf(() =>
        updateTicketFields(
          agent,
          ticket.id,
          { status: 'resolved', priority: 'high', assigneeId: agent.id },
          links,
        ),
      );
      expect(resolve).toHaveLength(5);
    }
  });
});
