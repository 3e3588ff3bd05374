/**
 * The queue views' counts (GET /api/tickets/views) come from counters a trigger keeps (00067) and
 * from bounded reads. These tests hold every count to a plain count(*) of the view's own filter
 * (view-filters.ts) after each kind of change a ticket goes through, rolled-back changes, bulk
 * statements, and the migration's backfill of tickets already there.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  TICKET_VIEWS,
  TICKET_VIEWS_PATH,
  type TTicketView,
  ticketPath,
  ticketWaitingPath,
  ZTicketViewCounts,
} from '@helpdesk/contracts';
import type { Sql } from 'postgres';
import { createScratchDatabase, signedIn, sql, TestClient, type TestUser } from '../../test/helpers.ts';
import { createTeam, ensureSlaPolicies, fileTicket, insertTicketRow } from '../../test/tickets.ts';
import { MIGRATIONS_DIR, migrate } from '../db/migrate.ts';
import type { Db } from '../db/postgres.ts';
import { TICKET_VIEW_FILTERS } from '../tickets/view-filters.ts';
import { insertPerson } from '../worker/test-fixtures.ts';
import { VIEW_COUNT_CAP } from './queries.ts';
import { getTicketViewCounts } from './view-counts.ts';

type Signed = { user: TestUser; client: TestClient };
let agent: Signed;
let otherAgent: Signed;
let endUser: Signed;
let teamId = '';
let otherTeamId = '';

beforeAll(async () => {
  await ensureSlaPolicies();
  [agent, otherAgent, endUser] = await Promise.all([
    signedIn('agent'),
    signedIn('agent'),
    signedIn('end_user'),
  ]);
  teamId = await createTeam(`Views ${crypto.randomUUID()}`, [agent.user.id]);
  otherTeamId = await createTeam(`Views other ${crypto.randomUUID()}`, [otherAgent.user.id]);
});

/** Each view's plain count(*) over the tickets table, with the filter the list uses. */
async function plainCounts(db: Db, callerId: string, requesterId: string | null = null) {
  const counts: Partial<Record<TTicketView, number>> = {};
  for (const view of TICKET_VIEWS) {
    const own = requesterId === null ? sql`` : sql`and t.requester_id = ${requesterId}`;
    const [row] = await db<{ n: number }[]>`
      select count(*)::int as n from tickets t where ${TICKET_VIEW_FILTERS[view](callerId)} ${own}`;
    counts[view] = row?.n ?? 0;
  }
  return counts;
}

async function apiCounts(client: TestClient) {
  const response = await client.get(TICKET_VIEWS_PATH);
  expect(response.status).toBe(200);
  return ZTicketViewCounts.parse(response.body);
}

/** The API's counts for both agents equal the plain counts (none of the test desk's views near the cap). */
async function expectCountsExact(): Promise<void> {
  for (const signed of [agent, otherAgent]) {
    const answer = await apiCounts(signed.client);
    expect(answer.capped).toEqual([]);
    expect(answer.views).toEqual(await plainCounts(sql, signed.user.id));
  }
  const own = await apiCounts(endUser.client);
  const plain = await plainCounts(sql, endUser.user.id, endUser.user.id);
  expect(own).toEqual({ views: { open: plain.open ?? -1, all: plain.all ?? -1 }, capped: [] });
}

/** The counters summed over slots equal a recount of every ticket (nothing stale, nothing missing). */
async function expectCountersEqualRecount(db: Sql): Promise<void> {
  const kept = await db`
    select view, owner_id::text as owner, sum(tickets)::int as n from ticket_view_counters
    group by view, owner_id having sum(tickets) <> 0 order by view, owner_id`;
  const recount = await db`
    select r.view, r.owner_id::text as owner, sum(r.tickets)::int as n from tickets t
    cross join lateral ticket_view_counter_rows(t.status, t.assignee_id, t.team_id, t.waiting_since) r
    group by r.view, r.owner_id order by r.view, r.owner_id`;
  expect([...kept]).toEqual([...recount]);
}

describe('GET /api/tickets/views', () => {
  test('every change a ticket goes through moves the counts exactly as a plain count', async () => {
    await expectCountsExact();
    const ticket = await fileTicket(endUser.client);
    const other = await fileTicket(endUser.client);
    await expectCountsExact();
    const steps: [string, Record<string, unknown>][] = [
      [ticket.id, { assigneeId: agent.user.id }],
      [other.id, { assigneeId: otherAgent.user.id, teamId }],
      [ticket.id, { teamId }],
      [ticket.id, { teamId: otherTeamId }],
      [ticket.id, { assigneeId: null }],
      [ticket.id, { assigneeId: otherAgent.user.id, status: 'in_progress' }],
      [other.id, { assigneeId: agent.user.id }],
      [other.id, { teamId: null }],
    ];
    for (const [id, change] of steps) {
      expect((await agent.client.patch(ticketPath(id), change)).status).toBe(200);
      await expectCountsExact();
    }
    expect((await agent.client.put(ticketWaitingPath(ticket.id), {})).status).toBe(200);
    await expectCountsExact();
    expect((await agent.client.request('DELETE', ticketWaitingPath(ticket.id))).status).toBe(200);
    await expectCountsExact();
    expect((await agent.client.put(ticketWaitingPath(other.id), {})).status).toBe(200);
    await expectCountsExact();
    // Resolving a waiting ticket ends its hold as it leaves the open views.
    expect((await agent.client.patch(ticketPath(other.id), { status: 'resolved' })).status).toBe(200);
    await expectCountsExact();
    expect((await agent.client.patch(ticketPath(ticket.id), { status: 'closed' })).status).toBe(200);
    await expectCountsExact();
    expect((await agent.client.patch(ticketPath(ticket.id), { status: 'new' })).status).toBe(200);
    await expectCountsExact();
    await sql`delete from tickets where id = ${other.id}`;
    await expectCountsExact();
    await expectCountersEqualRecount(sql);
  });

  test('mine, my teams and waiting count what they say, for each caller', async () => {
    const before = await apiCounts(agent.client);
    const mine = await insertTicketRow({
      requesterId: endUser.user.id,
      createdHoursAgo: 1,
      assigneeId: agent.user.id,
    });
    await insertTicketRow({
      requesterId: endUser.user.id,
      createdHoursAgo: 1,
      teamId,
      status: 'in_progress',
    });
    await insertTicketRow({ requesterId: endUser.user.id, createdHoursAgo: 1, teamId, status: 'resolved' });
    await sql`update tickets set waiting_since = now(), sla_resolve_by = null where id = ${mine.id}`;
    const after = await apiCounts(agent.client);
    expect(after.views.mine).toBe((before.views.mine ?? 0) + 1);
    expect(after.views.my_teams).toBe((before.views.my_teams ?? 0) + 1);
    expect(after.views.waiting).toBe((before.views.waiting ?? 0) + 1);
    expect(after.views.unassigned).toBe((before.views.unassigned ?? 0) + 1);
    expect(after.views.all).toBe((before.views.all ?? 0) + 3);
    await expectCountsExact();
  });

  test('at risk: open tickets past the risk moment of a deadline they can still miss', async () => {
    const before = (await apiCounts(agent.client)).views.at_risk ?? 0;
    const risky = await insertTicketRow({ requesterId: endUser.user.id, createdHoursAgo: 40 });
    const answered = await insertTicketRow({
      requesterId: endUser.user.id,
      createdHoursAgo: 7,
      respondedHoursAgo: 6,
    });
    const fresh = await insertTicketRow({ requesterId: endUser.user.id, createdHoursAgo: 0 });
    // Medium: respond in 8 h, resolve in 48 h; at risk after three quarters of each.
    await sql`
      update tickets set sla_response_risk_at = created_at + interval '6 hours',
                         sla_resolve_risk_at = created_at + interval '36 hours'
      where id in ${sql([risky.id, answered.id, fresh.id])}`;
    expect((await apiCounts(agent.client)).views.at_risk).toBe(before + 1);
    // Unanswered past the response risk moment: at risk until answered.
    await sql`update tickets set created_at = now() - interval '7 hours',
              sla_response_risk_at = now() - interval '1 hour' where id = ${fresh.id}`;
    expect((await apiCounts(agent.client)).views.at_risk).toBe(before + 2);
    // Waiting on the requester: the resolution deadline is set aside, nothing left to miss.
    await sql`update tickets set waiting_since = now(), sla_resolve_by = null, responded_at = now()
              where id = ${risky.id}`;
    expect((await apiCounts(agent.client)).views.at_risk).toBe(before + 1);
    await sql`update tickets set status = 'resolved', resolved_at = now() where id = ${fresh.id}`;
    expect((await apiCounts(agent.client)).views.at_risk).toBe(before);
    await expectCountsExact();
  });

  test('an end user counts only their own tickets, open and all', async () => {
    const mine = await signedIn('end_user');
    expect(await apiCounts(mine.client)).toEqual({ views: { open: 0, all: 0 }, capped: [] });
    await fileTicket(mine.client);
    const closed = await fileTicket(mine.client);
    await sql`update tickets set status = 'closed' where id = ${closed.id}`;
    await fileTicket(endUser.client);
    expect(await apiCounts(mine.client)).toEqual({ views: { open: 1, all: 2 }, capped: [] });
  });

  test('a rolled-back change counts nothing', async () => {
    const before = await apiCounts(agent.client);
    await expect(
      sql.begin(async (tx) => {
        await tx`
          insert into tickets (title, description, requester_id, assignee_id, team_id)
          values ('Rolled back', 'Never committed.', ${endUser.user.id}, ${agent.user.id}, ${teamId})`;
        await tx`update tickets set assignee_id = ${agent.user.id}, waiting_since = now()
                 where status in ('new', 'in_progress')`;
        await tx`delete from tickets where status = 'closed'`;
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await apiCounts(agent.client)).toEqual(before);
    await expectCountersEqualRecount(sql);
  });

  test('statements over many rows (reassigning a whole backlog, deleting a team) keep the counters exact', async () => {
    const gone = await createTeam(`Views gone ${crypto.randomUUID()}`, [agent.user.id]);
    for (let i = 0; i < 6; i++) {
      await insertTicketRow({
        requesterId: endUser.user.id,
        createdHoursAgo: i,
        teamId: gone,
        assigneeId: i % 2 === 0 ? agent.user.id : null,
        status: i % 3 === 0 ? 'closed' : 'new',
      });
    }
    await expectCountsExact();
    await sql`update tickets set assignee_id = ${otherAgent.user.id} where team_id = ${gone}`;
    await expectCountsExact();
    await sql`delete from teams where id = ${gone}`;
    await expectCountsExact();
    await expectCountersEqualRecount(sql);
  });

  test('bounded reads stop at the cap and name their view in capped', async () => {
    const rolledBack = new Error('roll back');
    await expect(
      sql.begin(async (tx) => {
        await tx`
          insert into tickets (title, description, requester_id, sla_response_by, sla_response_risk_at,
                               sla_resolve_by, sla_resolve_risk_at)
          select 'Risky ' || n, 'Generated', ${endUser.user.id}, now(), now() - interval '1 hour',
                 now() + interval '1 day', now() + interval '1 hour'
          from generate_series(1, ${VIEW_COUNT_CAP + 1}) n`;
        const staff = await getTicketViewCounts(agent.user, tx);
        expect(staff.views.at_risk).toBe(VIEW_COUNT_CAP);
        expect(staff.capped).toEqual(['at_risk']);
        // Counters are exact, whatever their size.
        expect(staff.views.all).toBe((await plainCounts(tx, agent.user.id)).all ?? -1);
        const own = await getTicketViewCounts(endUser.user, tx);
        expect(own).toEqual({
          views: { open: VIEW_COUNT_CAP, all: VIEW_COUNT_CAP },
          capped: ['open', 'all'],
        });
        throw rolledBack;
      }),
    ).rejects.toThrow(rolledBack);
  });

  test('signed out: 401', async () => {
    expect((await new TestClient().get(TICKET_VIEWS_PATH)).status).toBe(401);
  });
});

describe('the migration counts the tickets already there', () => {
  test('a desk migrated to 00067 starts with counters equal to the recount', async () => {
    const before = mkdtempSync(join(tmpdir(), 'helpdesk-migrations-'));
    const desk = await createScratchDatabase({ isMigrated: false });
    try {
      for (const name of readdirSync(MIGRATIONS_DIR).filter((file) => file < '00067')) {
        symlinkSync(join(MIGRATIONS_DIR, name), join(before, name));
      }
      await migrate(desk.sql, before);
      const requester = await insertPerson(desk.sql);
      const agents = [
        await insertPerson(desk.sql, { role: 'agent' }),
        await insertPerson(desk.sql, { role: 'agent' }),
      ];
      const [team] = await desk.sql<
        { id: string }[]
      >`insert into teams (name) values ('Backfill') returning id`;
      await desk.sql`
        insert into tickets (title, description, requester_id, status, assignee_id, team_id, waiting_since)
        select 'Old ' || n, 'Before the counters', ${requester},
               (array['new', 'in_progress', 'resolved', 'closed'])[1 + n % 4],
               case when n % 3 = 0 then null else (${agents}::uuid[])[1 + n % 2] end,
               case when n % 5 = 0 then ${team?.id ?? null}::uuid end,
               case when n % 7 = 0 then now() end
        from generate_series(1, 300) n`;
      expect(await desk.sql`select 1 from pg_class where relname = 'ticket_view_counters'`).toHaveLength(0);
      await migrate(desk.sql);
      await expectCountersEqualRecount(desk.sql);
      const [all] = await desk.sql<{ n: number }[]>`
        select sum(tickets)::int as n from ticket_view_counters where view = 'all'`;
      expect(all?.n).toBe(300);
    } finally {
      await desk.drop();
      rmSync(before, { recursive: true, force: true });
    }
  }, 120_000);
});
