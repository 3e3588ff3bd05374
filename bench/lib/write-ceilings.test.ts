/**
 * The writes' raw ceilings write the same rows as the product's writes of the bench's cases
 * (docs/performance.md#writes-and-their-same-rows-ceiling): a ceiling that leaves a row out is
 * faster for it, and the ratio then blames the product for work the ceiling skipped. Each case runs
 * once through the product's service and once through the raw route, on tickets of the same kind,
 * and the rows each left behind about its ticket are compared table by table.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { addComment, createTicket, updateTicketFields } from '../../api/src/tickets/service.ts';
import { createUser, sql, type TestUser } from '../../api/test/helpers.ts';
import { ensureSlaPolicies } from '../../api/test/tickets.ts';
import { writeCeilingRoutes } from './write-ceilings.ts';

const links = { appBaseUrl: 'http://desk.test' };

type Routes = Awaited<ReturnType<typeof writeCeilingRoutes>>;
let raw: Routes;
let actor: TestUser;
let requester: TestUser;
let colleague: TestUser;

/** The rows about one ticket in each table a ticket write may touch. */
async function rowsAbout(ticketId: string) {
  const [rows] = await sql<Record<string, number>[]>`
    select
      (select count(*)::int from ticket_comments where ticket_id = ${ticketId}) as comments,
      (select count(*)::int from ticket_events where ticket_id = ${ticketId}) as events,
      (select count(*)::int from email_outbox where ticket_id = ${ticketId}) as mail,
      (select count(*)::int from notifications where related_entity_id = ${ticketId}) as notifications,
      (select count(*)::int from broadcast_notifications where related_entity_id = ${ticketId}) as broadcasts,
      (select count(*)::int from jobs where payload ->> 'ticketId' = ${ticketId}) as jobs`;
  if (!rows) throw new Error('no counts');
  return rows;
}

/** The outbox rows about a ticket, as kind, recipient and sizes. */
function mailAbout(ticketId: string) {
  return sql<{ kind: string; recipient: string; subject: number; text: number; html: number }[]>`
    select kind, recipient, length(subject) as subject, length(text_body) as text, length(html_body) as html
    from email_outbox where ticket_id = ${ticketId} order by created_at`;
}

/** A ticket as the bench's open tickets are: filed for a requester who hears of replies. */
async function openTicket(): Promise<string> {
  const filed = await createTicket(
    actor,
    {
      title: 'Printer offline',
      description: 'It blinks.',
      priority: 'medium',
      category: 'hardware',
      notifyRequester: true,
      requesterEmail: requester.email,
    },
    null,
    links,
  );
  // Assigned to someone else, so a status change has an audience to notify.
  await sql`update tickets set assignee_id = ${colleague.id} where id = ${filed.body.id}`;
  return filed.body.id;
}

async function callRaw(method: string, path: string, body?: unknown): Promise<{ id: string }> {
  const response = await raw.handle(
    new Request(`http://ceiling.test${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string };
}

beforeAll(async () => {
  await ensureSlaPolicies();
  [actor, requester, colleague] = await Promise.all([
    createUser({ role: 'agent' }),
    createUser(),
    createUser({ role: 'agent' }),
  ]);
  raw = await writeCeilingRoutes(sql, actor.username);
});

describe('the raw ceilings write what the product writes', () => {
  test("create: the ticket's event, broadcast and job, and no mail without a confirmation", async () => {
    const product = await createTicket(
      actor,
      {
        title: 'Bench: printer offline',
        description: 'Created by the benchmark.',
        priority: 'medium',
        category: 'hardware',
        notifyRequester: false,
      },
      null,
      links,
    );
    const ceiling = await callRaw('POST', '/write/create');
    const productRows = await rowsAbout(product.body.id);
    expect(productRows).toMatchObject({ events: 1, broadcasts: 1 });
    expect(await rowsAbout(ceiling.id)).toEqual(productRows);
  });

  test("a public staff reply: the comment, its event and the requester's mail of the same size", async () => {
    const [forProduct, forCeiling] = [await openTicket(), await openTicket()];
    const before = await rowsAbout(forProduct);
    expect(await rowsAbout(forCeiling)).toEqual(before);
    await addComment(
      actor,
      forProduct,
      { content: 'Bench: looking into it.', isInternal: false },
      null,
      links,
    );
    await callRaw('POST', `/write/comment/${forCeiling}`);
    const productRows = await rowsAbout(forProduct);
    expect(productRows.mail).toBe((before.mail ?? 0) + 1);
    expect(await rowsAbout(forCeiling)).toEqual(productRows);

    const productMail = (await mailAbout(forProduct)).at(-1);
    const ceilingMail = (await mailAbout(forCeiling)).at(-1);
    expect(ceilingMail?.kind).toBe(productMail?.kind ?? 'missing');
    expect(ceilingMail?.recipient).toBe(productMail?.recipient ?? 'missing');
    // The same texts but for names and links, which differ by a few characters.
    for (const part of ['subject', 'text', 'html'] as const) {
      expect(Math.abs((ceilingMail?.[part] ?? 0) - (productMail?.[part] ?? 0))).toBeLessThan(40);
    }
  });

  test("a status change: the event and the assignee's notification, and no mail short of a resolution", async () => {
    const [forProduct, forCeiling] = [await openTicket(), await openTicket()];
    await updateTicketFields(actor, forProduct, { status: 'in_progress' }, links);
    await callRaw('PATCH', `/write/status/${forCeiling}`, { status: 'in_progress' });
    const productRows = await rowsAbout(forProduct);
    expect(productRows.notifications).toBeGreaterThan(0);
    expect(await rowsAbout(forCeiling)).toEqual(productRows);
  });
});
