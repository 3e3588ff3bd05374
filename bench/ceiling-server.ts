/**
 * The raw ceilings the product is measured against: Elysia + postgres.js on the same database,
 * with no session, policy, validation or logging. Each route runs the statement the product's
 * endpoint spends most of its time in, so "product / ceiling" is what our own layers cost.
 * `bun bench/ceiling-server.ts <port> <database url>`
 */
import { Elysia } from 'elysia';
import postgres from 'postgres';
import type { QueueSortKey } from '../api/src/tickets/list-queries.ts';

const [portArg, url] = process.argv.slice(2);
const port = Number(portArg);
if (!url || !Number.isInteger(port)) {
  console.error('usage: bun bench/ceiling-server.ts <port> <database url>');
  process.exit(2);
}

// The same pool size as the API (api/src/db/postgres.ts), so neither side wins by connections.
const sql = postgres(url, { max: 10, onnotice: () => {} });
const [requester] = await sql<
  { id: string }[]
>`select id from users where role = 'end_user' and status = 'active' order by username limit 1`;
if (!requester) throw new Error('the database has no end user: run bun run seed:large first');

// The queues' statement is the product's own (api/src/tickets/list-queries.ts), run here without
// the session, validation, response checks and cursor making around it. Its fragments come from the
// API's pool module, which connects only when used (never here): the statement runs on this pool.
process.env.DATABASE_URL ??= url;
const { queueKeyKinds, selectMemberTeamIds, selectQueuePage } = await import(
  '../api/src/tickets/list-queries.ts'
);
const { queueFingerprint, queueListOf, viewAndSortOf } = await import('../api/src/tickets/queues.ts');
const { decodeQueueCursor } = await import('../api/src/tickets/list-cursor.ts');
// The writes' same-rows ceilings (bench/lib/write-ceilings.ts).
const { writeCeilingRoutes } = await import('./lib/write-ceilings.ts');
const writes = await writeCeilingRoutes(sql);

const app = new Elysia()
  .get('/select-1', async () => (await sql`select 1 as one`)[0])
  // Mirrors selectTicketPage (api/src/tickets/queries.ts): first page, newest first, names joined,
  // with the product's filters (?status=, ?priority=, ?requester=) so each list is measured against
  // the same query without our layers.
  .get(
    '/ticket-list',
    ({ query }) => sql`
      select t.id, t.ticket_number as "ticketNumber", t.title, t.priority, t.status, t.category,
        t.requester_id as "requesterId", t.assignee_id as "assigneeId", t.team_id as "teamId",
        t.sla_response_by as "slaResponseBy", t.sla_resolve_by as "slaResolveBy",
        t.responded_at as "respondedAt", t.resolved_at as "resolvedAt", t.closed_at as "closedAt",
        t.created_at as "createdAt", t.updated_at as "updatedAt",
        json_build_object('id', r.id, 'firstName', r.first_name, 'lastName', r.last_name, 'email', r.email) as requester,
        case when a.id is null then null
             else json_build_object('id', a.id, 'firstName', a.first_name, 'lastName', a.last_name) end as assignee
      from tickets t
      join users r on r.id = t.requester_id
      left join users a on a.id = t.assignee_id
      where true
        ${query.requester ? sql`and t.requester_id = ${query.requester}` : sql``}
        ${query.status ? sql`and t.status = ${query.status}` : sql``}
        ${query.priority ? sql`and t.priority = ${query.priority}` : sql``}
      order by t.created_at desc, t.id desc
      limit 50`,
  )
  // Mirrors selectStaffViewCounts (api/src/ticket-queues/queries.ts): the view counters of the
  // desk, the agent (?user=) and their teams, and the bounded at-risk read, in one statement.
  .get(
    '/view-counts',
    async ({ query }) =>
      (
        await sql`
      with c as (
        select c.view, sum(c.tickets)::int as n
        from ticket_view_counters c
        where (c.owner_id = '00000000-0000-0000-0000-000000000000'
               and c.view in ('all', 'open', 'unassigned', 'waiting'))
           or (c.view = 'assignee' and c.owner_id = ${query.user ?? ''})
           or (c.view = 'team' and c.owner_id in (select m.team_id from team_members m where m.user_id = ${query.user ?? ''}))
        group by c.view
      )
      select coalesce((select n from c where view = 'assignee'), 0) as mine,
             coalesce((select n from c where view = 'unassigned'), 0) as unassigned,
             coalesce((select n from c where view = 'team'), 0) as "myTeams",
             (select count(*)::int from (
                select 1 from tickets t
                where t.status in ('new', 'in_progress')
                  and ticket_risk_at(t.status, t.sla_response_risk_at, t.sla_resolve_risk_at, t.responded_at, t.sla_resolve_by) <= now()
                limit 1001) b) as "atRisk",
             coalesce((select n from c where view = 'waiting'), 0) as waiting,
             coalesce((select n from c where view = 'open'), 0) as open,
             coalesce((select n from c where view = 'all'), 0) as all`
      )[0],
  )
  // A queue's page as an agent (?agent=<id>) reads it: ?view=, ?sort=, ?cursor= as the product takes them.
  .get('/ticket-queue', async ({ query }) => {
    const request = { view: query.view, sort: query.sort, limit: 50 } as Parameters<typeof viewAndSortOf>[0];
    const { view, sort } = viewAndSortOf(request);
    const caller = { id: query.agent ?? '', isStaff: true };
    const teams = view === 'my_teams' ? await selectMemberTeamIds(sql, caller.id) : null;
    const key = sort.replace(/^-/, '') as QueueSortKey;
    const after = query.cursor
      ? decodeQueueCursor(query.cursor, queueFingerprint(request, view, sort), (part) =>
          queueKeyKinds(key, part),
        )
      : null;
    return selectQueuePage(sql, queueListOf(caller, request, teams), { limit: 51, after });
  })
  .get('/ticket-by-number/:number', async ({ params, status }) => {
    const [ticket] = await sql`select * from tickets where ticket_number = ${params.number}`;
    return ticket ?? status(404, { message: 'not found' });
  })
  .post('/insert', async () => {
    const [row] = await sql`
      insert into tickets (title, description, priority, category, requester_id)
      values ('Ceiling insert', 'A row the raw insert ceiling writes.', 'medium', 'other', ${requester.id})
      returning id, ticket_number as "ticketNumber"`;
    return row;
  })
  .use(writes)
  .listen({ port, hostname: '127.0.0.1' });

console.log(`ceiling server on http://127.0.0.1:${app.server?.port}`);
process.on('SIGTERM', async () => {
  await app.stop();
  await sql.end({ timeout: 2 });
  process.exit(0);
});
