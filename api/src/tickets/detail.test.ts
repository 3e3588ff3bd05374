/**
 * GET /api/tickets/{id} is one statement (selectTicketDetailText) that builds comments, attachments
 * and the timeline as JSON inside PostgreSQL. These tests hold its answer to the plain rows, read
 * table by table as the detail was before: the same values, dates in the API's ISO format, oldest
 * first with ties broken by id, and an end user never sees internal notes or their events. And it
 * stays one statement however long the thread.
 */
import { heapStats } from 'bun:jsc';
import { beforeAll, describe, expect, test } from 'bun:test';
import {
  API_PATHS,
  type TAttachment,
  type TTicketComment,
  type TTicketDetail,
  type TTicketEvent,
  ZTicketDetail,
} from '@helpdesk/contracts';
import postgres from 'postgres';
import { signedIn, sql } from '../../test/helpers.ts';
import { ensureSlaPolicies, fileTicket } from '../../test/tickets.ts';
import type { Db } from '../db/postgres.ts';
import { selectTicketDetailText, type TicketScope, ticketDetailStatement } from './queries.ts';

/** The rendered ticket page, parsed. */
const selectTicketDetail = async (db: Db, id: string, scope: TicketScope) =>
  JSON.parse((await selectTicketDetailText(db, id, scope)) ?? 'null') as TTicketDetail | null;

type Signed = Awaited<ReturnType<typeof signedIn>>;
let agent: Signed;
let requester: Signed;
let stranger: Signed;

beforeAll(async () => {
  await ensureSlaPolicies();
  [agent, requester, stranger] = await Promise.all([
    signedIn('agent'),
    signedIn('end_user'),
    signedIn('end_user'),
  ]);
});

const ticketPath = (id: string) => `${API_PATHS.tickets}/${id}`;

/** The detail's lists read the plain way, one table at a time, for the viewer's access. */
async function plainLists(ticketId: string, includeInternal: boolean) {
  const comments = await sql<TTicketComment[]>`
    select c.id, c.ticket_id as "ticketId", c.content, c.is_internal as "isInternal",
           c.created_at as "createdAt", c.updated_at as "updatedAt",
           json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name,
                             'profileImageUrl', u.profile_image_url) as author
    from ticket_comments c join users u on u.id = c.author_id
    where c.ticket_id = ${ticketId} and (${includeInternal}::boolean or not c.is_internal)
    order by c.created_at, c.id`;
  const attachments = await sql<TAttachment[]>`
    select f.id, f.ticket_id as "ticketId", f.file_name as "fileName", f.file_size as "fileSize",
           f.file_type as "fileType", f.created_at as "createdAt",
           json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name) as "uploadedBy"
    from attachments f join users u on u.id = f.uploaded_by_id
    where f.ticket_id = ${ticketId}
    order by f.created_at, f.id`;
  const events = await sql<TTicketEvent[]>`
    select e.id, e.event_type as "eventType", e.event_data as "eventData", e.created_at as "createdAt",
           case when u.id is null then null
                else json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name) end as user
    from ticket_events e left join users u on u.id = e.user_id
    where e.ticket_id = ${ticketId}
      and (${includeInternal}::boolean or coalesce(e.event_data ->> 'isInternal', 'false') <> 'true')
    order by e.created_at, e.id`;
  return { comments: [...comments], attachments: [...attachments], events: [...events] };
}

/** A ticket with a bit of everything: public and internal comments (some at the same instant), an attachment, changes. */
async function busyTicket(): Promise<TTicketDetail> {
  const ticket = await fileTicket(requester.client, { title: 'Printer on fire', priority: 'high' });
  const post = (client: Signed['client'], content: string, isInternal: boolean) =>
    client.post(`${ticketPath(ticket.id)}/comments`, { content, isInternal });
  expect((await post(agent.client, 'Looking into it.', false)).status).toBe(201);
  expect((await post(agent.client, 'Internal: the requester broke it.', true)).status).toBe(201);
  expect((await post(requester.client, 'Any news?', false)).status).toBe(201);
  expect((await agent.client.patch(ticketPath(ticket.id), { status: 'in_progress' })).status).toBe(200);
  // Three comments at one instant (microseconds included): their order is the id's.
  await sql`
    insert into ticket_comments (ticket_id, author_id, content, is_internal, created_at, updated_at)
    select ${ticket.id}, ${agent.user.id}, 'Same instant ' || n, n = 2,
           '2030-01-02 03:04:05.678912+00', '2030-01-02 03:04:05.678912+00'
    from generate_series(1, 3) n`;
  await sql`
    insert into attachments (ticket_id, file_name, file_size, file_type, file_path, uploaded_by_id)
    values (${ticket.id}, 'log.txt', 1234, 'text/plain', ${`detail-test/${crypto.randomUUID()}`}, ${requester.user.id})`;
  return ticket;
}

describe('GET /api/tickets/{id} in one statement', () => {
  test('staff get every comment, attachment and event, exactly as the tables hold them', async () => {
    const ticket = await busyTicket();
    const response = await agent.client.get(ticketPath(ticket.id));
    expect(response.status).toBe(200);
    const detail = ZTicketDetail.parse(response.body);
    expect({
      comments: detail.comments,
      attachments: detail.attachments,
      events: detail.events,
    }).toEqual(await plainLists(ticket.id, true));
    expect(detail.comments.filter((comment) => comment.isInternal)).toHaveLength(2);
    expect(detail.events.some((event) => event.eventData.isInternal === true)).toBe(true);
    // Dates as everywhere else in the API: UTC, milliseconds, 'Z' (the microseconds cut, not rounded).
    const sameInstant = detail.comments.filter((comment) => comment.content.startsWith('Same instant'));
    expect(sameInstant.map((comment) => comment.createdAt)).toEqual(
      Array(3).fill('2030-01-02T03:04:05.678Z'),
    );
    expect(sameInstant.map((comment) => comment.id)).toEqual(sameInstant.map((comment) => comment.id).sort());
    for (const date of [
      ...detail.comments.flatMap((comment) => [comment.createdAt, comment.updatedAt]),
      ...detail.attachments.map((file) => file.createdAt),
      ...detail.events.map((event) => event.createdAt),
    ]) {
      expect(date).toBe(new Date(date).toISOString());
    }
    // The ticket's own fields answer as the list answers them.
    const listed = await agent.client.get(`${API_PATHS.tickets}?limit=100`);
    const summary = (listed.body as { tickets: { id: string }[] }).tickets.find(
      (row) => row.id === ticket.id,
    );
    expect(summary).toBeDefined();
    expect(detail).toMatchObject(summary ?? {});
    expect(detail).toMatchObject({ description: ticket.description, notifyRequester: true, team: null });
  });

  test('the requester gets the same ticket without internal notes or their events; anyone else a 404', async () => {
    const ticket = await busyTicket();
    const response = await requester.client.get(ticketPath(ticket.id));
    expect(response.status).toBe(200);
    const detail = ZTicketDetail.parse(response.body);
    const plain = await plainLists(ticket.id, false);
    expect({ comments: detail.comments, attachments: detail.attachments, events: detail.events }).toEqual(
      plain,
    );
    expect(detail.comments.some((comment) => comment.isInternal)).toBe(false);
    expect(JSON.stringify(detail)).not.toContain('Internal: the requester broke it.');
    expect(detail.events.some((event) => event.eventData.isInternal === true)).toBe(false);
    // Exactly what staff see, minus the internal parts.
    const staffView = ZTicketDetail.parse((await agent.client.get(ticketPath(ticket.id))).body);
    expect(detail).toEqual({
      ...staffView,
      comments: staffView.comments.filter((comment) => !comment.isInternal),
      events: staffView.events.filter((event) => event.eventData.isInternal !== true),
    });
    const probe = await stranger.client.get(ticketPath(ticket.id));
    const missing = await stranger.client.get(ticketPath(crypto.randomUUID()));
    expect(probe.status).toBe(404);
    expect(probe.text).toBe(missing.text);
  });

  test('a ticket with nothing yet answers empty lists, never null', async () => {
    const ticket = await fileTicket(requester.client);
    await sql`delete from ticket_events where ticket_id = ${ticket.id}`;
    const detail = ZTicketDetail.parse((await requester.client.get(ticketPath(ticket.id))).body);
    expect({ comments: detail.comments, attachments: detail.attachments, events: detail.events }).toEqual({
      comments: [],
      attachments: [],
      events: [],
    });
  });

  test('one statement, whatever the length of the thread', async () => {
    const quiet = await fileTicket(requester.client);
    const long = await fileTicket(requester.client);
    await sql`
      insert into ticket_comments (ticket_id, author_id, content, is_internal, created_at)
      select ${long.id}, ${agent.user.id}, 'Reply ' || n, n % 5 = 0, now() - n * interval '1 minute'
      from generate_series(1, 1500) n`;
    const sent: string[] = [];
    // A connection that records every statement it sends.
    const counting = postgres(process.env.DATABASE_URL ?? '', {
      max: 1,
      onnotice: () => {},
      debug: (_connection, text) => sent.push(text),
    });
    try {
      // Connecting sends statements of its own (postgres.js reads the array types once).
      await counting`select 1`;
      const counts: number[] = [];
      for (const [id, scope] of [
        [quiet.id, { requesterId: null, includeInternal: true }],
        [long.id, { requesterId: null, includeInternal: true }],
        [long.id, { requesterId: requester.user.id, includeInternal: false }],
      ] as const) {
        sent.length = 0;
        const detail = await selectTicketDetail(counting, id, scope);
        expect(detail?.id).toBe(id);
        counts.push(sent.length);
      }
      expect(counts).toEqual([1, 1, 1]);
      const staffLong = await selectTicketDetail(counting, long.id, {
        requesterId: null,
        includeInternal: true,
      });
      expect(staffLong?.comments).toHaveLength(1500);
      // Oldest first: the reply made 1500 minutes ago leads.
      expect(staffLong?.comments[0]?.content).toBe('Reply 1500');
      const userLong = await selectTicketDetail(counting, long.id, {
        requesterId: requester.user.id,
        includeInternal: false,
      });
      expect(userLong?.comments).toHaveLength(1200);
    } finally {
      await counting.end();
    }
  });

  test('its constant parts are built once: a request makes a handful of statement fragments, not one per column', () => {
    // Each postgres.js fragment is a Promise with closures of its own; per request they were the
    // garbage that piled up under load (docs/performance.md#api-process). Counted while alive.
    const livePromises = () => {
      Bun.gc(true);
      return heapStats().objectTypeCounts.Promise ?? 0;
    };
    const scopes: TicketScope[] = [
      { requesterId: null, includeInternal: true },
      { requesterId: requester.user.id, includeInternal: false },
    ];
    for (const scope of scopes) {
      const before = livePromises();
      const built = Array.from({ length: 200 }, () => ticketDetailStatement(crypto.randomUUID(), scope));
      const perStatement = (livePromises() - before) / built.length;
      expect(built).toHaveLength(200);
      expect(perStatement).toBeLessThanOrEqual(5);
    }
  });
});
