import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { TWebhookPayload } from '@helpdesk/contracts';
import type { Sql } from 'postgres';
import { createScratchDatabase } from '../../test/helpers.ts';
import { runSlaWatchRound } from '../sla-watch/service.ts';
import { insertPerson, insertTicket } from '../worker/test-fixtures.ts';

const HOUR = 3_600_000;

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let db: Sql;
let requesterId = '';

beforeAll(async () => {
  scratch = await createScratchDatabase();
  db = scratch.sql;
  requesterId = await insertPerson(db);
});
afterAll(async () => {
  await scratch.drop();
});

/** A webhook row straight in the table (the watch only queues; nothing is sent here). */
async function subscribe(events: string[]): Promise<string> {
  const [row] = await db<{ id: string }[]>`
    insert into webhooks (name, url, events, secret_ciphertext, allow_private_network)
    values ('SLA', 'https://hooks.example.com/sla', ${events}, 'v1.sealed', false)
    returning id`;
  if (!row) throw new Error('webhook not inserted');
  return row.id;
}

const payloads = async (webhookId: string) =>
  (
    await db<
      { body: string }[]
    >`select body from webhook_deliveries where webhook_id = ${webhookId} order by created_at, id`
  ).map((row) => JSON.parse(row.body) as TWebhookPayload);

describe('SLA webhooks', () => {
  test('at risk sends sla.warning, breached sends sla.breached, each once per target, with the ticket and its deadline', async () => {
    const webhookId = await subscribe(['sla.warning', 'sla.breached']);
    const now = Date.now();
    const createdAt = new Date(now - 6.5 * HOUR);
    const ticket = await insertTicket(db, {
      requesterId,
      title: 'Mail server down',
      createdAt,
      slaResponseBy: new Date(createdAt.getTime() + 8 * HOUR),
      slaResolveBy: new Date(createdAt.getTime() + 48 * HOUR),
    });
    await runSlaWatchRound({ db, now });
    await runSlaWatchRound({ db, now });
    let sent = await payloads(webhookId);
    expect(sent.map((each) => each.event)).toEqual(['sla.warning']);
    expect(sent[0]?.data).toMatchObject({
      ticket: { id: ticket.id, number: ticket.ticketNumber, title: 'Mail server down' },
      sla: { target: 'first_response', dueAt: new Date(createdAt.getTime() + 8 * HOUR).toISOString() },
    });
    expect(sent[0]?.data.ticket?.requester?.email).toContain('@example.test');

    await runSlaWatchRound({ db, now: now + 2 * HOUR });
    sent = await payloads(webhookId);
    expect(sent.map((each) => each.event)).toEqual(['sla.warning', 'sla.breached']);
    const jobs = await db<
      { n: number }[]
    >`select count(*)::int as n from jobs where kind = 'webhook_delivery'`;
    expect(jobs[0]?.n).toBe(2);
  });

  test('a webhook not subscribed to SLA events, or turned off, gets nothing', async () => {
    const other = await subscribe(['ticket.created']);
    const off = await subscribe(['sla.breached']);
    await db`update webhooks set is_enabled = false where id = ${off}`;
    const now = Date.now();
    const createdAt = new Date(now - 9 * HOUR);
    await insertTicket(db, {
      requesterId,
      createdAt,
      slaResponseBy: new Date(createdAt.getTime() + 8 * HOUR),
      slaResolveBy: null,
    });
    await runSlaWatchRound({ db, now });
    expect(await payloads(other)).toEqual([]);
    expect(await payloads(off)).toEqual([]);
  });
});
