import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from '../src/db.ts';
import { runJobsRound } from '../src/jobs/service.ts';
import { webhookDeliveryJobHandler } from '../src/webhooks/delivery.ts';
import { collectingLogger } from '../src/worker/test-fixtures.ts';

/**
 * A webhook receiver on loopback for tests (and the integrator's curl end-to-end test): it checks
 * every delivery exactly as docs/product.md#webhooks tells receivers to, and records what it
 * accepted and what it refused (with why).
 */

/** null when genuine and new; else why it is refused. `seen`: the delivery ids already accepted (docs/product.md#webhooks). */
export function checkDelivery(
  secret: string,
  signatureHeader: string | null,
  deliveryId: string | null,
  rawBody: string,
  seen: Set<string>,
  nowSeconds = Math.floor(Date.now() / 1000),
): string | null {
  const parts = new Map(
    (signatureHeader ?? '').split(',').map((part) => {
      const [key = '', ...value] = part.split('=');
      return [key.trim(), value.join('=')] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  if (!deliveryId || !Number.isInteger(timestamp) || given.length === 0) return 'malformed';
  if (Math.abs(nowSeconds - timestamp) > 300) return 'outside the tolerance';
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad signature';
  if (seen.has(deliveryId)) return 'replay';
  seen.add(deliveryId);
  return null;
}

/** One delivery as the receiver got it. */
export type ReceivedDelivery = {
  deliveryId: string | null;
  event: string | null;
  signature: string | null;
  host: string | null;
  userAgent: string | null;
  body: string;
  /** Why it was refused; null when accepted. */
  refusal: string | null;
};

export type WebhookReceiver = {
  url: string;
  accepted: ReceivedDelivery[];
  refused: ReceivedDelivery[];
  /** The secret deliveries are checked with (known once the webhook is made). */
  secret: string;
  /** The status a genuine delivery is answered with (default 200), to make the desk retry. */
  answerStatus: number;
  stop: () => void;
};

/** Starts a receiver on 127.0.0.1 (a free port); its URL names the host `localhost`, so the desk resolves it. */
export function startWebhookReceiver(options: { secret?: string } = {}): WebhookReceiver {
  const seen = new Set<string>();
  const receiver: WebhookReceiver = {
    url: '',
    accepted: [],
    refused: [],
    secret: options.secret ?? '',
    answerStatus: 200,
    stop: () => server.stop(true),
  };
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: async (request) => {
      const body = await request.text();
      const got = {
        deliveryId: request.headers.get('x-helpdesk-delivery'),
        event: request.headers.get('x-helpdesk-event'),
        signature: request.headers.get('x-helpdesk-signature'),
        host: request.headers.get('host'),
        userAgent: request.headers.get('user-agent'),
        body,
      };
      const refusal = checkDelivery(receiver.secret, got.signature, got.deliveryId, body, seen);
      if (refusal !== null) {
        receiver.refused.push({ ...got, refusal });
        return new Response(refusal, { status: 400 });
      }
      receiver.accepted.push({ ...got, refusal: null });
      if (receiver.answerStatus !== 200 && got.deliveryId) seen.delete(got.deliveryId);
      return new Response(receiver.answerStatus === 200 ? 'ok' : 'try again', {
        status: receiver.answerStatus,
      });
    },
  });
  receiver.url = `http://localhost:${server.port}/hooks/helpdesk`;
  return receiver;
}

/** Sends every due webhook delivery now, as a worker would (only this kind of job). */
export async function deliverDueWebhooks(): Promise<void> {
  for (;;) {
    const round = await runJobsRound({
      db: sql,
      handlers: { webhook_delivery: webhookDeliveryJobHandler },
      log: collectingLogger(),
      signal: new AbortController().signal,
    });
    if (round.handled === 0) return;
  }
}
