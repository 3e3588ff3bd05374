import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  API_PATHS,
  type TWebhookPayload,
  WEBHOOK_MESSAGES,
  WEBHOOK_PATHS,
  webhookPath,
  ZWebhookDeliveryList,
  ZWebhookDeliveryResponse,
  ZWebhookList,
  ZWebhookWithSecret,
} from '@helpdesk/contracts';
import {
  TestClient as Client,
  errorOf,
  signedIn,
  sql,
  type TestClient,
  uniqueName,
} from '../../test/helpers.ts';
import { fileTicket } from '../../test/tickets.ts';
import {
  checkDelivery,
  deliverDueWebhooks as deliverDue,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../test/webhook-receiver.ts';
import { runCleanupRound } from '../cleanup/service.ts';
import {
  addressedUrl,
  isPrivateAddress,
  resolveWebhookTarget,
  WebhookAddressError,
} from './address-guard.ts';
import { signatureHeader, webhookSignature } from './signing.ts';

const ALL_EVENTS = [
  'ticket.created',
  'ticket.updated',
  'ticket.commented',
  'ticket.assigned',
  'sla.warning',
  'sla.breached',
  'user.registered',
];

let admin: TestClient;
let agent: TestClient;
let agentId: string;
let requester: TestClient;
let receiver: WebhookReceiver;
let webhookId: string;

type DeliveryRow = {
  id: string;
  event: string;
  body: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
};
const deliveriesOf = (id: string) =>
  sql<DeliveryRow[]>`
    select id, event, body, status, attempts, response_status as "responseStatus"
    from webhook_deliveries where webhook_id = ${id} order by created_at, id`;

const payloadsAbout = async (ticketId: string) =>
  (await deliveriesOf(webhookId))
    .map((row) => ({ row, payload: JSON.parse(row.body) as TWebhookPayload }))
    .filter(({ payload }) => payload.data.ticket?.id === ticketId);

beforeAll(async () => {
  admin = (await signedIn('admin')).client;
  const signedAgent = await signedIn('agent');
  agent = signedAgent.client;
  agentId = signedAgent.user.id;
  requester = (await signedIn('end_user')).client;
  receiver = startWebhookReceiver();
  const response = await admin.post(WEBHOOK_PATHS.list, {
    name: 'Loopback receiver',
    url: receiver.url,
    events: ALL_EVENTS,
    allowPrivateNetwork: true,
  });
  expect(response.status).toBe(201);
  const created = ZWebhookWithSecret.parse(response.body);
  receiver.secret = created.secret;
  webhookId = created.webhook.id;
});

afterAll(async () => {
  // Other files' writes must queue nothing for these webhooks.
  await sql`delete from webhooks`;
  receiver.stop();
});

describe('signing', () => {
  test('X-Helpdesk-Signature is t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">', () => {
    const header = signatureHeader('whsec_test', 1_700_000_000, '{"a":1}');
    expect(header).toBe(`t=1700000000,v1=${webhookSignature('whsec_test', 1_700_000_000, '{"a":1}')}`);
    const expected = new Bun.CryptoHasher('sha256', 'whsec_test').update('1700000000.{"a":1}').digest('hex');
    expect(header.endsWith(expected)).toBe(true);
  });

  test('the documented receiver check: accepts a genuine delivery once; refuses a bad signature, a replay, an old time', () => {
    const seen = new Set<string>();
    const now = 1_700_000_000;
    const body = '{"id":"d1"}';
    expect(checkDelivery('s3cret', signatureHeader('s3cret', now, body), 'd1', body, seen, now)).toBeNull();
    expect(checkDelivery('s3cret', signatureHeader('s3cret', now, body), 'd1', body, seen, now)).toBe(
      'replay',
    );
    expect(checkDelivery('s3cret', signatureHeader('other', now, body), 'd2', body, seen, now)).toBe(
      'bad signature',
    );
    expect(checkDelivery('s3cret', signatureHeader('s3cret', now, body), 'd3', `${body} `, seen, now)).toBe(
      'bad signature',
    );
    expect(checkDelivery('s3cret', signatureHeader('s3cret', now - 301, body), 'd4', body, seen, now)).toBe(
      'outside the tolerance',
    );
    expect(
      checkDelivery('s3cret', signatureHeader('s3cret', now + 300, body), 'd5', body, seen, now),
    ).toBeNull();
    expect(checkDelivery('s3cret', 'garbage', 'd6', body, seen, now)).toBe('malformed');
  });
});

describe('the SSRF guard', () => {
  test.each([
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '10.255.255.255',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.8.9.10',
    '169.254.169.254',
    '169.254.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '192.0.0.8',
    '198.18.0.1',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'febf::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    'not an address',
  ])('%s is refused', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  test.each([
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '169.253.1.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
  ])('%s is public', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  test('every address a name resolves to counts (a public one next to a private one is refused); the first is connected to', async () => {
    const rebinding = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '169.254.169.254', family: 4 },
    ];
    expect(resolveWebhookTarget('https://hooks.example.com/x', false, rebinding)).rejects.toThrow(
      WEBHOOK_MESSAGES.urlPrivate,
    );
    const target = await resolveWebhookTarget('https://hooks.example.com:8443/in?q=1', true, rebinding);
    expect(addressedUrl(target)).toBe('https://93.184.215.14:8443/in?q=1');
    const v6 = await resolveWebhookTarget('http://hooks.example.com/', false, async () => [
      { address: '2606:4700::1111', family: 6 },
    ]);
    expect(addressedUrl(v6)).toBe('http://[2606:4700::1111]/');
    expect(
      resolveWebhookTarget('http://nowhere.example/', false, async () => {
        throw new Error('ENOTFOUND');
      }),
    ).rejects.toThrow(WebhookAddressError);
    // Numeric host forms are normalised by the URL parser before the check.
    for (const url of [
      'http://2130706433/',
      'http://0x7f.1/',
      'http://[::ffff:127.0.0.1]/',
      'http://127.1/',
    ]) {
      expect(resolveWebhookTarget(url, false)).rejects.toThrow(WEBHOOK_MESSAGES.urlPrivate);
    }
  });

  test.each([
    ['file:///etc/passwd', WEBHOOK_MESSAGES.url],
    ['gopher://127.0.0.1:6379/_INFO', WEBHOOK_MESSAGES.url],
    ['ftp://example.com/', WEBHOOK_MESSAGES.url],
    ['javascript:alert(1)', WEBHOOK_MESSAGES.url],
    ['https://user:pass@example.com/', WEBHOOK_MESSAGES.urlCredentials],
    ['http://127.0.0.1:9/', WEBHOOK_MESSAGES.urlPrivate],
    ['http://localhost/', WEBHOOK_MESSAGES.urlPrivate],
    ['http://169.254.169.254/latest/meta-data/', WEBHOOK_MESSAGES.urlPrivate],
    ['http://[::1]/', WEBHOOK_MESSAGES.urlPrivate],
    ['http://10.1.2.3/', WEBHOOK_MESSAGES.urlPrivate],
    [`https://example.com/${'a'.repeat(2000)}`, WEBHOOK_MESSAGES.urlTooLong],
  ])('a webhook at %s is refused with a 400 and nothing is stored', async (url, message) => {
    const before = await sql`select count(*)::int as n from webhooks`;
    const response = await admin.post(WEBHOOK_PATHS.list, {
      name: 'Hostile',
      url,
      events: ['ticket.created'],
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(errorOf(response))).toContain(message);
    expect(await sql`select count(*)::int as n from webhooks`).toEqual(before);
  });
});

describe('webhooks admin', () => {
  test('the secret is answered once, stored sealed, never listed; changes are audited', async () => {
    const response = await admin.post(WEBHOOK_PATHS.list, {
      name: 'Audited',
      url: receiver.url,
      events: ['ticket.created'],
      allowPrivateNetwork: true,
      enabled: false,
    });
    expect(response.status).toBe(201);
    const { webhook, secret } = ZWebhookWithSecret.parse(response.body);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const [stored] = await sql<
      { secret: string }[]
    >`select secret_ciphertext as secret from webhooks where id = ${webhook.id}`;
    expect(stored?.secret).not.toContain(secret);
    const list = await admin.get(WEBHOOK_PATHS.list);
    expect(list.text).not.toContain(secret);
    expect(ZWebhookList.parse(list.body).webhooks.some((each) => each.id === webhook.id)).toBe(true);

    const rotated = await admin.post(webhookPath(WEBHOOK_PATHS.rotateSecret, webhook.id));
    expect(rotated.status).toBe(200);
    expect(ZWebhookWithSecret.parse(rotated.body).secret).not.toBe(secret);

    const turnedOffPrivate = await admin.patch(webhookPath(WEBHOOK_PATHS.one, webhook.id), {
      allowPrivateNetwork: false,
    });
    expect(turnedOffPrivate.status).toBe(400);
    expect(errorOf(turnedOffPrivate).fields?.url).toBe(WEBHOOK_MESSAGES.urlPrivate);

    expect((await admin.request('DELETE', webhookPath(WEBHOOK_PATHS.one, webhook.id))).status).toBe(200);
    expect((await admin.get(webhookPath(WEBHOOK_PATHS.one, webhook.id))).status).toBe(404);
    const actions = await sql<{ action: string }[]>`
      select action from admin_audit_logs where details ->> 'webhookId' = ${webhook.id} order by created_at`;
    expect(actions.map((row) => row.action)).toEqual([
      'webhook.created',
      'webhook.secret_rotated',
      'webhook.deleted',
    ]);
    const audited =
      await sql`select details::text as d from admin_audit_logs where details ->> 'webhookId' = ${webhook.id}`;
    expect(JSON.stringify(audited)).not.toContain(secret);
  });

  test('agents and end users cannot see or add webhooks', async () => {
    for (const client of [agent, requester]) {
      expect((await client.get(WEBHOOK_PATHS.list)).status).toBe(403);
      expect(
        (
          await client.post(WEBHOOK_PATHS.list, {
            name: 'x',
            url: 'https://example.com',
            events: ['ticket.created'],
          })
        ).status,
      ).toBe(403);
    }
    expect((await new Client().get(WEBHOOK_PATHS.list)).status).toBe(401);
  });
});

describe('deliveries', () => {
  test('a new ticket: one signed delivery, accepted by the receiver, recorded as succeeded with the answer', async () => {
    const ticket = await fileTicket(requester, { title: 'Webhook printer jam' });
    await deliverDue();
    const [created] = await payloadsAbout(ticket.id);
    expect(created?.row).toMatchObject({
      event: 'ticket.created',
      status: 'succeeded',
      attempts: 1,
      responseStatus: 200,
    });
    expect(created?.payload).toMatchObject({
      id: created?.row.id,
      event: 'ticket.created',
      data: {
        ticket: {
          id: ticket.id,
          number: ticket.ticketNumber,
          title: 'Webhook printer jam',
          status: 'new',
          url: `http://localhost:3000/tickets/${ticket.id}`,
          assignee: null,
        },
      },
    });
    expect(created?.payload.data.ticket?.requester?.email).toContain('@example.test');
    expect(created?.payload.data.ticket).not.toHaveProperty('requesterId');
    const got = receiver.accepted.find((each) => each.deliveryId === created?.row.id);
    expect(got).toMatchObject({ event: 'ticket.created', userAgent: 'Helpdesk-Webhooks/1' });
    expect(got?.body).toBe(created?.row.body ?? '');
    // Connected to the checked address, the name kept in Host.
    expect(got?.host).toBe(new URL(receiver.url).host);
  });

  test('updated, assigned and a public comment are sent; an internal note never is, not even inside another body', async () => {
    const ticket = await fileTicket(requester);
    const canary = `canary-${uniqueName('note')}`;
    expect(
      (await agent.post(`${API_PATHS.tickets}/${ticket.id}/comments`, { content: canary, isInternal: true }))
        .status,
    ).toBe(201);
    expect(
      (
        await agent.post(`${API_PATHS.tickets}/${ticket.id}/comments`, {
          content: 'Public answer',
          isInternal: false,
        })
      ).status,
    ).toBe(201);
    expect(
      (await agent.patch(`${API_PATHS.tickets}/${ticket.id}`, { status: 'in_progress', assigneeId: agentId }))
        .status,
    ).toBe(200);
    await deliverDue();
    const payloads = await payloadsAbout(ticket.id);
    expect(payloads.map(({ row }) => row.event).sort()).toEqual([
      'ticket.assigned',
      'ticket.commented',
      'ticket.created',
      'ticket.updated',
    ]);
    const updated = payloads.find(({ row }) => row.event === 'ticket.updated')?.payload;
    expect(updated?.data.changes?.status).toEqual({ from: 'new', to: 'in_progress' });
    expect(updated?.data.ticket?.assignee?.email).toContain('@example.test');
    const commented = payloads.find(({ row }) => row.event === 'ticket.commented')?.payload;
    expect(commented?.data.comment?.content).toBe('Public answer');
    const everywhere = await sql<{ n: number }[]>`
      select count(*)::int as n from webhook_deliveries where body like ${`%${canary}%`}`;
    expect(everywhere[0]?.n).toBe(0);
    expect(receiver.accepted.some((each) => each.body.includes(canary))).toBe(false);
    expect(payloads.every(({ row }) => row.status === 'succeeded')).toBe(true);
  });

  test('a receiver failing: recorded with its answer, retried with backoff, then succeeded; the last attempt fails it for good', async () => {
    receiver.answerStatus = 503;
    const ticket = await fileTicket(requester);
    await deliverDue();
    const [first] = await payloadsAbout(ticket.id);
    expect(first?.row).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 503 });
    const [job] = await sql<{ status: string; runAt: string }[]>`
      select status, run_at as "runAt" from jobs where kind = 'webhook_delivery' and payload ->> 'deliveryId' = ${first?.row.id ?? ''}`;
    expect(job?.status).toBe('pending');
    expect(Date.parse(job?.runAt ?? '')).toBeGreaterThan(Date.now());

    receiver.answerStatus = 200;
    await sql`update jobs set run_at = now() where payload ->> 'deliveryId' = ${first?.row.id ?? ''}`;
    await deliverDue();
    const [second] = await payloadsAbout(ticket.id);
    expect(second?.row).toMatchObject({ status: 'succeeded', attempts: 2, responseStatus: 200 });

    receiver.answerStatus = 500;
    const doomed = await fileTicket(requester);
    await sql`update jobs set max_attempts = 1 where kind = 'webhook_delivery' and status = 'pending'`;
    await deliverDue();
    const [failed] = await payloadsAbout(doomed.id);
    expect(failed?.row).toMatchObject({ status: 'failed', attempts: 1, responseStatus: 500 });
    receiver.answerStatus = 200;
  });

  test('Redeliver sends the same body as a new delivery (new id), which the receiver accepts; its list shows both', async () => {
    const ticket = await fileTicket(requester);
    await deliverDue();
    const [original] = await payloadsAbout(ticket.id);
    const response = await admin.post(
      webhookPath(WEBHOOK_PATHS.redeliver, webhookId, original?.row.id ?? ''),
    );
    expect(response.status).toBe(200);
    const { delivery } = ZWebhookDeliveryResponse.parse(response.body);
    expect(delivery.id).not.toBe(original?.row.id);
    expect(delivery.status).toBe('pending');
    await deliverDue();
    const again = receiver.accepted.find((each) => each.deliveryId === delivery.id);
    expect(again).toBeDefined();
    const { id: _old, ...same } = JSON.parse(original?.row.body ?? '{}');
    const { id: fresh, ...resent } = JSON.parse(again?.body ?? '{}');
    expect(fresh).toBe(delivery.id);
    expect(resent).toEqual(same);
    const list = ZWebhookDeliveryList.parse(
      (await admin.get(webhookPath(WEBHOOK_PATHS.deliveries, webhookId))).body,
    );
    expect(list.deliveries.find((each) => each.id === delivery.id)?.status).toBe('succeeded');
    expect(
      (await admin.post(webhookPath(WEBHOOK_PATHS.redeliver, webhookId, crypto.randomUUID()))).status,
    ).toBe(404);
  });

  test('the receiver refuses a forged signature and a replayed delivery', async () => {
    const [accepted] = receiver.accepted;
    if (!accepted) throw new Error('nothing was delivered');
    const headers = {
      'content-type': 'application/json',
      'x-helpdesk-delivery': accepted.deliveryId ?? '',
      'x-helpdesk-event': accepted.event ?? '',
      'x-helpdesk-signature': accepted.signature ?? '',
    };
    const url = receiver.url.replace('localhost', '127.0.0.1');
    const replay = await fetch(url, { method: 'POST', headers, body: accepted.body });
    expect(replay.status).toBe(400);
    const forged = await fetch(url, {
      method: 'POST',
      headers: {
        ...headers,
        'x-helpdesk-delivery': crypto.randomUUID(),
        'x-helpdesk-signature': signatureHeader(
          'not-the-secret',
          Math.floor(Date.now() / 1000),
          accepted.body,
        ),
      },
      body: accepted.body,
    });
    expect(forged.status).toBe(400);
    expect(receiver.refused.slice(-2).map((each) => each.refusal)).toEqual(['replay', 'bad signature']);
  });

  test('Send test queues a ping to the one webhook', async () => {
    const response = await admin.post(webhookPath(WEBHOOK_PATHS.test, webhookId));
    expect(response.status).toBe(200);
    const { delivery } = ZWebhookDeliveryResponse.parse(response.body);
    expect(delivery.event).toBe('ping');
    await deliverDue();
    expect(receiver.accepted.some((each) => each.deliveryId === delivery.id && each.event === 'ping')).toBe(
      true,
    );
  });

  test('a registration sends user.registered without any secret of the account', async () => {
    const username = uniqueName('hook');
    const response = await new Client().post(API_PATHS.authRegister, {
      username,
      email: `${username}@example.test`,
      password: 'Register1!',
      firstName: 'Hook',
      lastName: 'Listener',
    });
    expect(response.status).toBe(201);
    const rows = (await deliveriesOf(webhookId)).filter((row) => row.event === 'user.registered');
    const payload = rows
      .map((row) => JSON.parse(row.body) as TWebhookPayload)
      .find((each) => each.data.user?.email === `${username}@example.test`);
    expect(payload?.data.user).toMatchObject({ name: 'Hook Listener', role: 'end_user', status: 'pending' });
    expect(JSON.stringify(payload)).not.toMatch(/argon|password|token/i);
  });

  test('a title with a lone surrogate (valid JSON, not valid jsonb) still files the ticket; the body carries U+FFFD', async () => {
    const response = await requester.request('POST', API_PATHS.tickets, {
      body: '{"title":"Printer \\ud800 jam","description":"d"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(201);
    const ticket = response.body as { id: string };
    const [created] = await payloadsAbout(ticket.id);
    expect(created?.payload.data.ticket?.title).toBe('Printer \uFFFD jam');
  });

  test('the cleanup prunes deliveries older than 30 days and keeps the rest', async () => {
    const [old, recent] = await sql<{ id: string }[]>`
      insert into webhook_deliveries (webhook_id, event, body, created_at)
      values (${webhookId}, 'ping', '{"data":{}}', now() - interval '31 days'),
             (${webhookId}, 'ping', '{"data":{}}', now() - interval '29 days')
      returning id`;
    const round = await runCleanupRound();
    expect(round.webhookDeliveries).toBeGreaterThanOrEqual(1);
    const left = await sql<{ id: string }[]>`
      select id from webhook_deliveries where id in (${old?.id ?? ''}, ${recent?.id ?? ''})`;
    expect(left.map((row) => row.id)).toEqual([recent?.id ?? '']);
  });

  test('no webhook subscribed to an event: a write queues nothing for it', async () => {
    await sql`update webhooks set events = array['user.registered'] where id = ${webhookId}`;
    try {
      const ticket = await fileTicket(requester);
      expect(await payloadsAbout(ticket.id)).toEqual([]);
    } finally {
      await sql`update webhooks set events = ${ALL_EVENTS} where id = ${webhookId}`;
    }
  });
});
