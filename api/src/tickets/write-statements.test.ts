/**
 * Each ticket write sends a fixed, small number of statements whatever the ticket (docs/performance.md: the
 * writes are measured against one raw insert). Counted on the API's own pool with postgres.js's
 * debug hook, calling the services directly so the session lookup is not in the count.
 */

import { heapStats } from 'bun:jsc';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { slaPolicyPath } from '@helpdesk/contracts';
import { eventually } from '../../test/eventually.ts';
import { createUser, signedIn, sql, type TestUser } from '../../test/helpers.ts';
import { startListeningCaches } from '../../test/process-caches.ts';
import { ensureSlaPolicies } from '../../test/tickets.ts';
import { SlaPolicyCache, slaPolicyCache, useSlaPolicyCache } from '../sla/policy-cache.ts';
import { newTicketFacts, planTicketEffects } from './effects.ts';
import { newSlaState } from './hold.ts';
import { addComment, createTicket, updateTicketFields } from './service.ts';
import { resumeTicket, waitOnRequester } from './waiting.ts';
import { commentStatement, newTicketStatement } from './write-statement.ts';

const links = { appBaseUrl: 'http://desk.test' };

/** The statements `run` sends on the API's pool (BEGIN and COMMIT included), each by its first `words`. */
async function statementsOf(run: () => Promise<unknown>, words = 4): Promise<string[]> {
  const sent: string[] = [];
  const previous = sql.options.debug;
  sql.options.debug = (_connection, query) => {
    sent.push(query.trim().split(/\s+/).slice(0, words).join(' '));
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

  test('a hold and its resume: the ticket as read and one write that happens only if the row is still that one', async () => {
    const ticket = (await file(false)).body;
    const hold = await statementsOf(() => waitOnRequester(agent, ticket.id, {}));
    expect(hold).toHaveLength(2);
    expect(hold[0]).toStartWith('select t.id, t.ticket_number');
    expect(hold[1]).toStartWith('with held as');
    // The same hold again writes nothing.
    expect(await statementsOf(() => waitOnRequester(agent, ticket.id, {}))).toHaveLength(1);
    const resume = await statementsOf(() => resumeTicket(agent, ticket.id));
    expect(resume).toHaveLength(2);
    expect(resume[1]).toStartWith('with held as');
  });
});

/** The policy a medium hardware ticket without a team gets, and the resolution hours of a ticket filed now. */
async function mediumPolicy() {
  const [policy] = await sql<{ id: string; hours: number }[]>`
    select id, resolution_minutes / 60 as hours from sla_policies
    where is_active and priority = 'medium' and team_id is null and (category is null or category = 'hardware')
    order by (category is not null) desc limit 1`;
  if (!policy) throw new Error('no medium policy');
  const resolutionHours = async () => {
    const { id } = (await file(false)).body;
    const [row] = await sql<{ hours: number }[]>`
      select extract(epoch from sla_resolve_by - created_at)::int / 3600 as hours from tickets where id = ${id}`;
    return row?.hours;
  };
  return { policy, resolutionHours };
}

// With the process caches up, the policies, rules and webhook state are this process's own: a
// filing reads nothing for them, and its first statement spends the budget.
describe('statements per filing while the caches hold everything it needs', () => {
  let stopCaches: () => Promise<void> = async () => {};

  beforeAll(async () => {
    stopCaches = await startListeningCaches(() => slaPolicyCache().isActive);
    // The first filing reads what the caches then keep.
    await file(false);
  });

  afterAll(async () => {
    await stopCaches();
  });

  test('without a confirmation: the requester look-up, the budget alone (its lock ends at once), one statement', async () => {
    const sent = await statementsOf(() => file(false));
    expect(sent).toHaveLength(3);
    expect(sent[0]).toStartWith('select id from users');
    expect(sent[1]).toStartWith('insert into rate_limits as');
    expect(sent[2]).toStartWith('with t as');
  });

  test('with one: the look-up, the confirmation read that spends the budget, its address budget, one statement', async () => {
    const sent = await statementsOf(() => file(true), 80);
    expect(sent).toHaveLength(4);
    expect(sent[1]).toStartWith('with taken as');
    expect(sent[1]).toContain('next_ticket_number()');
    expect(sent[3]).toStartWith('with t as');
  });

  test('a policy changed elsewhere counts from the filings after its notification is heard', async () => {
    const { policy, resolutionHours } = await mediumPolicy();
    expect(await resolutionHours()).toBe(policy.hours);
    try {
      // Another process's change: only the tables' notification drops the copy within the cache's minute.
      await sql`update sla_policies set resolution_minutes = ${(policy.hours + 1) * 60} where id = ${policy.id}`;
      await eventually(async () => (await resolutionHours()) === policy.hours + 1, 3_000, 'the change heard');
    } finally {
      await sql`update sla_policies set resolution_minutes = ${policy.hours * 60} where id = ${policy.id}`;
    }
  });

  test('a policy changed through this process counts from its very next filing, before any notification', async () => {
    const { policy, resolutionHours } = await mediumPolicy();
    // A copy that hears nothing: only the change's own process can drop it.
    const heard = slaPolicyCache();
    const deaf = new SlaPolicyCache({ ttlMs: 60_000 });
    deaf.follow(() => true);
    useSlaPolicyCache(deaf);
    try {
      expect(await resolutionHours()).toBe(policy.hours);
      expect(await resolutionHours()).toBe(policy.hours);
      expect(deaf.hits).toBeGreaterThan(0);
      const { client } = await signedIn('admin');
      const changed = await client.patch(slaPolicyPath(policy.id), { resolutionTimeHours: policy.hours + 2 });
      expect(changed.status).toBe(200);
      expect(await resolutionHours()).toBe(policy.hours + 2);
    } finally {
      useSlaPolicyCache(heard);
      await sql`update sla_policies set resolution_minutes = ${policy.hours * 60} where id = ${policy.id}`;
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
