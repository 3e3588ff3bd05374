import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { API_PATHS } from '@helpdesk/contracts';
import type { Sql } from 'postgres';
import { createScratchDatabase, sql as mainSql, signedIn } from '../../test/helpers.ts';
import { fileTicket } from '../../test/tickets.ts';
import { createSql } from '../db/postgres.ts';
import { enqueueJob, runJobsRound } from '../jobs/service.ts';
import { JOB_HANDLERS } from '../worker/tasks.ts';
import {
  collectingLogger,
  insertPerson,
  insertTeam,
  insertTicket,
  setAutoAssignment,
} from '../worker/test-fixtures.ts';
import { autoAssignTicket } from './service.ts';

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let db: Sql;
let requesterId = '';
const never = new AbortController().signal;

beforeAll(async () => {
  scratch = await createScratchDatabase();
  db = scratch.sql;
  requesterId = await insertPerson(db);
  await setAutoAssignment(db, true);
});
afterAll(async () => {
  await scratch.drop();
});

const agents = (count: number) =>
  Promise.all(Array.from({ length: count }, () => insertPerson(db, { role: 'agent' })));
const assign = (ticketId: string) => db.begin((tx) => autoAssignTicket(tx, ticketId));

async function openLoad(userIds: readonly string[]): Promise<number[]> {
  const rows = await db<{ id: string; count: number }[]>`
    select u.id, (select count(*)::int from tickets t where t.assignee_id = u.id and t.status in ('new', 'in_progress')) as count
    from users u where u.id = any(${db.array([...userIds])}::uuid[])`;
  return userIds.map((id) => rows.find((row) => row.id === id)?.count ?? -1);
}

async function assigneeOf(ticketId: string): Promise<string | null> {
  const [row] = await db<
    { assigneeId: string | null }[]
  >`select assignee_id as "assigneeId" from tickets where id = ${ticketId}`;
  return row?.assigneeId ?? null;
}

/** Runs the jobs task on `workers` pools at once until the queue is empty. */
async function drainQueue(workers = 1): Promise<void> {
  const pools = Array.from({ length: workers }, () => createSql(scratch.url, { max: 2 }));
  try {
    await Promise.all(
      pools.map(async (pool) => {
        for (;;) {
          const round = await runJobsRound({
            db: pool,
            handlers: JOB_HANDLERS,
            log: collectingLogger(),
            signal: never,
            batchSize: 4,
          });
          if (round.handled === 0) return;
        }
      }),
    );
  } finally {
    await Promise.all(pools.map((pool) => pool.end()));
  }
}

describe('auto assignment', () => {
  test('30 tickets of a team, three workers at once: 10, 10 and 10 over its three agents', async () => {
    const team = await agents(3);
    const teamId = await insertTeam(db, team);
    const tickets: { id: string }[] = [];
    for (let index = 0; index < 30; index++) tickets.push(await insertTicket(db, { requesterId, teamId }));
    await db.begin(async (tx) => {
      for (const ticket of tickets) {
        await enqueueJob(
          tx,
          'auto_assign',
          { ticketId: ticket.id },
          { dedupeKey: `auto_assign:${ticket.id}` },
        );
      }
    });
    await drainQueue(3);
    expect(await openLoad(team)).toEqual([10, 10, 10]);
    const [jobs] = await db<{ done: number; other: number }[]>`
      select count(*) filter (where status = 'done')::int as done, count(*) filter (where status <> 'done')::int as other
      from jobs where kind = 'auto_assign'`;
    expect(jobs).toEqual({ done: 30, other: 0 });
    const notified = await db<{ userId: string; count: number }[]>`
      select user_id as "userId", count(*)::int as count from notifications
      where type = 'ticket_assigned' and user_id = any(${db.array(team)}::uuid[]) group by user_id`;
    expect(notified.map((row) => row.count)).toEqual([10, 10, 10]);
  });

  test('it writes what a manual assignment writes: the change, an actor-less event, the notification', async () => {
    const [agent] = await agents(1);
    const teamId = await insertTeam(db, [agent ?? '']);
    const createdAt = new Date(Date.now() - 60_000);
    const ticket = await insertTicket(db, {
      requesterId,
      teamId,
      title: 'Laptop will not boot',
      createdAt,
      slaResponseBy: new Date(createdAt.getTime() + 8 * 3_600_000),
      slaResolveBy: new Date(createdAt.getTime() + 48 * 3_600_000),
    });
    const [user] = await db<
      { name: string }[]
    >`select first_name || ' ' || last_name as name from users where id = ${agent ?? ''}`;
    expect(await assign(ticket.id)).toEqual({
      isAssigned: true,
      assigneeId: agent ?? '',
      ticketNumber: ticket.ticketNumber,
    });
    const [row] = await db`
      select status, assignee_id as "assigneeId", responded_at as "respondedAt", sla_response_by as "slaResponseBy",
             sla_resolve_by as "slaResolveBy" from tickets where id = ${ticket.id}`;
    expect(row).toEqual({
      status: 'new',
      assigneeId: agent,
      respondedAt: null,
      slaResponseBy: new Date(createdAt.getTime() + 8 * 3_600_000).toISOString(),
      slaResolveBy: new Date(createdAt.getTime() + 48 * 3_600_000).toISOString(),
    });
    const events = await db`
      select user_id as "userId", event_type as "eventType", event_data as "eventData" from ticket_events where ticket_id = ${ticket.id}`;
    expect([...events]).toEqual([
      {
        userId: null,
        eventType: 'assigned',
        eventData: { from: null, to: agent, fromName: null, toName: user?.name },
      },
    ]);
    const notes = await db`
      select user_id as "userId", type, title, message from notifications where related_entity_id = ${ticket.id}`;
    expect([...notes]).toEqual([
      {
        userId: agent,
        type: 'ticket_assigned',
        title: `${ticket.ticketNumber} assigned to you`,
        message: 'You were assigned "Laptop will not boot".',
      },
    ]);
  });

  test('existing open tickets count; resolved and closed ones do not', async () => {
    const team = await agents(3);
    const [busy, second, third] = team;
    const teamId = await insertTeam(db, team);
    for (let index = 0; index < 5; index++)
      await insertTicket(db, { requesterId, assigneeId: busy ?? null, status: 'in_progress' });
    for (const status of ['resolved', 'closed'] as const) {
      for (let index = 0; index < 4; index++)
        await insertTicket(db, { requesterId, assigneeId: second ?? null, status });
    }
    const picks: (string | null)[] = [];
    for (let index = 0; index < 10; index++) {
      const ticket = await insertTicket(db, { requesterId, teamId });
      await assign(ticket.id);
      picks.push(await assigneeOf(ticket.id));
    }
    expect(picks.filter((id) => id === busy)).toHaveLength(0);
    expect(picks.filter((id) => id === second)).toHaveLength(5);
    expect(picks.filter((id) => id === third)).toHaveLength(5);
    expect(await openLoad(team)).toEqual([5, 5, 5]);
  });

  test('ties in load go round in turn: whoever was auto-assigned least recently', async () => {
    const team = await agents(3);
    const teamId = await insertTeam(db, team);
    const picks: (string | null)[] = [];
    for (let index = 0; index < 6; index++) {
      const ticket = await insertTicket(db, { requesterId, teamId });
      await assign(ticket.id);
      const assignee = await assigneeOf(ticket.id);
      picks.push(assignee);
      // Resolved at once: every agent is back to no open tickets, a tie every time.
      await db`update tickets set status = 'resolved', resolved_at = now() where id = ${ticket.id}`;
    }
    expect(new Set(picks.slice(0, 3)).size).toBe(3);
    expect(picks.slice(3)).toEqual(picks.slice(0, 3));
  });

  test('only active agents of the team: not pending or rejected agents, not admins, not other teams', async () => {
    const [active] = await agents(1);
    const pending = await insertPerson(db, { role: 'agent', status: 'pending' });
    const rejected = await insertPerson(db, { role: 'agent', status: 'rejected' });
    const admin = await insertPerson(db, { role: 'admin' });
    const teamId = await insertTeam(db, [active ?? '', pending, rejected, admin]);
    for (let index = 0; index < 4; index++) {
      const ticket = await insertTicket(db, { requesterId, teamId });
      await assign(ticket.id);
      expect(await assigneeOf(ticket.id)).toBe(active ?? '');
    }
  });

  test('a team without an active agent, or no team: the least loaded of all active agents', async () => {
    const pending = await insertPerson(db, { role: 'agent', status: 'pending' });
    const admin = await insertPerson(db, { role: 'admin' });
    const emptyTeam = await insertTeam(db, [pending, admin]);
    await agents(1);
    for (const teamId of [emptyTeam, null]) {
      const ticket = await insertTicket(db, { requesterId, teamId });
      const outcome = await assign(ticket.id);
      expect(outcome.isAssigned).toBe(true);
      const assignee = await assigneeOf(ticket.id);
      const [least] = await db<{ min: number }[]>`
        select min((select count(*) from tickets t where t.assignee_id = u.id and t.status in ('new', 'in_progress')))::int as min
        from users u where u.role = 'agent' and u.status = 'active'`;
      const [chosen] = await openLoad([assignee ?? '']);
      // Chosen before its new ticket counted: it had the fewest.
      expect((chosen ?? 0) - 1).toBeLessThanOrEqual(least?.min ?? 0);
      expect([pending, admin]).not.toContain(assignee);
    }
  });

  test('skipped, writing nothing: switched off, assigned meanwhile, no longer open, no such ticket, no agent', async () => {
    const [agent, other] = await agents(2);
    const teamId = await insertTeam(db, [agent ?? '']);
    const countWrites = async (ticketId: string) => {
      const [row] = await db<{ events: number; notes: number }[]>`
        select (select count(*)::int from ticket_events where ticket_id = ${ticketId}) as events,
               (select count(*)::int from notifications where related_entity_id = ${ticketId}) as notes`;
      return row;
    };

    await setAutoAssignment(db, false);
    try {
      const ticket = await insertTicket(db, { requesterId, teamId });
      await db.begin((tx) => enqueueJob(tx, 'auto_assign', { ticketId: ticket.id }));
      await drainQueue();
      expect(await assigneeOf(ticket.id)).toBeNull();
      expect(await countWrites(ticket.id)).toEqual({ events: 0, notes: 0 });
      // The job is done, not retried: switching on later does not assign old tickets behind anyone's back.
      const [job] = await db`select status from jobs where payload ->> 'ticketId' = ${ticket.id}`;
      expect(job?.status).toBe('done');
    } finally {
      await setAutoAssignment(db, true);
    }

    const meanwhile = await insertTicket(db, { requesterId, teamId, assigneeId: other ?? null });
    expect(await assign(meanwhile.id)).toEqual({ isAssigned: false, reason: 'already_assigned' });
    expect(await assigneeOf(meanwhile.id)).toBe(other ?? '');
    for (const status of ['resolved', 'closed'] as const) {
      const done = await insertTicket(db, { requesterId, teamId, status });
      expect(await assign(done.id)).toEqual({ isAssigned: false, reason: 'not_open' });
      expect(await assigneeOf(done.id)).toBeNull();
      expect(await countWrites(done.id)).toEqual({ events: 0, notes: 0 });
    }
    expect(await assign(crypto.randomUUID())).toEqual({ isAssigned: false, reason: 'no_ticket' });
  });

  test('with no active agent at all, the ticket stays unassigned', async () => {
    const empty = await createScratchDatabase();
    try {
      const requester = await insertPerson(empty.sql);
      const ticket = await insertTicket(empty.sql, { requesterId: requester });
      expect(await empty.sql.begin((tx) => autoAssignTicket(tx, ticket.id))).toEqual({
        isAssigned: false,
        reason: 'no_agent',
      });
    } finally {
      await empty.drop();
    }
  });
});

describe('filing a ticket queues its auto assignment', () => {
  let originalSetting: boolean | null = null;
  beforeAll(async () => {
    const [row] = await mainSql<
      { autoAssignment: boolean }[]
    >`select auto_assignment as "autoAssignment" from settings`;
    originalSetting = row?.autoAssignment ?? null;
  });
  afterAll(async () => {
    if (originalSetting === null) await mainSql`delete from settings`;
    else await setAutoAssignment(mainSql, originalSetting);
  });

  test('on: a job for the new ticket is queued with it; off: none', async () => {
    const { client } = await signedIn('end_user');
    await setAutoAssignment(mainSql, true);
    const ticket = await fileTicket(client);
    expect(ticket.assignee).toBeNull();
    const [job] = await mainSql`
      select kind, payload, status from jobs where dedupe_key = ${`auto_assign:${ticket.id}`}`;
    expect(job).toEqual({ kind: 'auto_assign', payload: { ticketId: ticket.id }, status: 'pending' });

    await setAutoAssignment(mainSql, false);
    const unqueued = await fileTicket(client);
    expect(await mainSql`select 1 from jobs where dedupe_key = ${`auto_assign:${unqueued.id}`}`).toHaveLength(
      0,
    );
  });

  test('a refused ticket queues nothing', async () => {
    const { client } = await signedIn('end_user');
    await setAutoAssignment(mainSql, true);
    const [before] = await mainSql<{ count: number }[]>`select count(*)::int as count from jobs`;
    const response = await client.post(API_PATHS.tickets, {
      title: '',
      description: 'x',
      assigneeId: crypto.randomUUID(),
    });
    expect(response.status).toBe(400);
    const [after] = await mainSql<{ count: number }[]>`select count(*)::int as count from jobs`;
    expect(after?.count).toBe(before?.count ?? -1);
  });
});
