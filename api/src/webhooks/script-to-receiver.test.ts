import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type TWebhookPayload, WEBHOOK_PATHS, ZWebhookWithSecret } from '@helpdesk/contracts';
import { createTicketWithCurl, issueApiToken } from '../../test/api-tokens.ts';
import { signedIn, sql } from '../../test/helpers.ts';
import {
  deliverDueWebhooks,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../test/webhook-receiver.ts';

/**
 * The desk between two other systems: a monitoring script files a ticket with an API token through
 * curl, and a chat bridge hears of it through a signed webhook it checks as docs/product.md#webhooks
 * says, refusing a forged body and a replayed delivery.
 */

let receiver: WebhookReceiver;
let webhookId: string;

beforeAll(async () => {
  const admin = (await signedIn('admin')).client;
  receiver = startWebhookReceiver();
  const made = await admin.post(WEBHOOK_PATHS.list, {
    name: 'Chat bridge',
    url: receiver.url,
    events: ['ticket.created'],
    allowPrivateNetwork: true,
  });
  expect(made.status).toBe(201);
  const created = ZWebhookWithSecret.parse(made.body);
  receiver.secret = created.secret;
  webhookId = created.webhook.id;
});

afterAll(async () => {
  // Other files' writes must queue nothing for this webhook.
  await sql`delete from webhooks where id = ${webhookId}`;
  receiver.stop();
});

describe('a script files a ticket with a token; the receiver hears of it, signed', () => {
  test('the delivery passes the documented check; a forged body and a replay of it do not', async () => {
    const { user, client } = await signedIn('agent');
    const token = await issueApiToken(client, ['tickets:write']);
    const filed = await createTicketWithCurl(token.secret, {
      title: 'Disk full on build server',
      description: 'Filed by the monitoring script.',
    });
    expect(filed.status).toBe(201);

    await deliverDueWebhooks();
    const genuine = receiver.accepted.find(
      (delivery) => (JSON.parse(delivery.body) as TWebhookPayload).data.ticket?.id === filed.ticket?.id,
    );
    if (!genuine) throw new Error(`no accepted delivery; refused: ${JSON.stringify(receiver.refused)}`);
    expect(genuine.event).toBe('ticket.created');
    const payload = JSON.parse(genuine.body) as TWebhookPayload;
    expect(payload.data.ticket?.title).toBe('Disk full on build server');
    expect(payload.data.ticket?.number).toBe(filed.ticket?.ticketNumber);
    expect(payload.data.ticket?.requester?.name).toBe(`${user.firstName} ${user.lastName}`);

    const send = (body: string) =>
      fetch(receiver.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-helpdesk-event': genuine.event ?? '',
          'x-helpdesk-delivery': genuine.deliveryId ?? '',
          'x-helpdesk-signature': genuine.signature ?? '',
        },
        body,
      });
    const forged = await send(genuine.body.replace('Disk full', 'Disk fine'));
    expect(forged.status).toBe(400);
    expect(await forged.text()).toBe('bad signature');
    const replayed = await send(genuine.body);
    expect(replayed.status).toBe(400);
    expect(await replayed.text()).toBe('replay');
  });
});
