/**
 * Each ticket write sends a fixed, small number of statements whatever the ticket (docs/performance.md: the
 * writes are measured against one raw insert). Counted on the API's own pool with postgres.js's
 * debug hook, calling the services directly so the session lookup is not in the count.
 */

import { heapStats } from 'bun:jsc';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createUser, sql, type TestUser } from '../../test/helpers.ts';
import { ensureSlaPolicies } from '../../test/tickets.ts';
import { newTicketFacts, planTicketEffects } from './effects.ts';
import { newSlaState } from './hold.ts';
import { addComment, createTicket, updateTicketFields } from './service.ts';
import { commentStatement, newTicketStatement } from './write-statement.ts';

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

describe('building a write statement', () => {
  // Each postgres.js fragment is a Promise with closures of its own, made and walked again for
  // every request (docs/performance.md#api-process). Counted while alive, for the bench's two
  // writes with everything they cause: the broadcast and job of a new ticket, the reply's mail,
  // and the webhook part (this process does not know that no webhook is enabled).
  const livePromises = () => {
    Bun.gc(true);
    return heapStats().objectTypeCounts.Promise ?? 0;
  };
  const perStatement = (build: () => unknown) => {
    const before = livePromises();
    const built = Array.from({ length: 200 }, build);
    const count = (livePromises() - before) / built.length;
    expect(built).toHaveLength(200);
    return count;
  };
  const facts = (id: string, requesterId: string) =>
    newTicketFacts(
      {
        id,
        ticketNumber: 'TKT-000042',
        title: 'Printer offline',
        priority: 'medium',
        category: 'hardware',
        requesterId,
        notifyRequester: true,
      },
      { email: 'eve@example.test', firstName: 'Eve', emailVerified: true },
    );
  const mailOn = { emailNotifications: true, companyName: 'Acme', autoAssignment: true };

  test('a new ticket with its broadcast and auto assignment job', () => {
    const count = perStatement(() => {
      const id = crypto.randomUUID();
      const ticket = {
        id,
        ticketNumber: null,
        title: 'Printer offline',
        description: 'It blinks.',
        priority: 'medium' as const,
        category: 'hardware' as const,
        requesterId: requester.id,
        notifyRequester: false,
      };
      const plan = planTicketEffects({
        kind: 'created',
        ticketId: id,
        before: null,
        after: newTicketFacts(ticket, null),
        actor: { id: agent.id, role: 'agent', name: 'Ann Agent' },
        comment: null,
        settings: mailOn,
        links,
      });
      const createdAt = Date.now();
      return newTicketStatement(ticket, { createdAt, state: newSlaState(null, createdAt) }, plan);
    });
    console.log('COUNT', count);
    // 65 while every part was built per request.
    expect(count).toBeLessThanOrEqual(24);
  });

  test("a public staff reply with the requester's mail", () => {
    const count = perStatement(() => {
      const ticketId = crypto.randomUUID();
      const commentId = crypto.randomUUID();
      const plan = planTicketEffects({
        kind: 'commented',
        ticketId,
        before: null,
        after: facts(ticketId, requester.id),
        actor: { id: agent.id, role: 'agent', name: 'Ann Agent' },
        comment: { id: commentId, content: 'Looking into it.', isInternal: false },
        settings: mailOn,
        links,
      });
      return commentStatement(
        {
          id: commentId,
          ticketId,
          authorId: agent.id,
          content: 'Looking into it.',
          isInternal: false,
          scope: { requesterId: null, includeInternal: true },
        },
        plan,
        null,
        null,
      );
    });
    console.log('COUNT', count);
    // 48 while every part was built per request.
    expect(count).toBeLessThanOrEqual(15);
  });
});
