import { createHmac, randomBytes } from 'node:crypto';

/**
 * How deliveries are signed (docs/product.md#webhooks): HMAC-SHA256 with the webhook's secret over
 * "<unix seconds>.<body>", sent as `X-Helpdesk-Signature: t=<unix seconds>,v1=<hex>`. The time is
 * in the signed text so a receiver can refuse an old delivery replayed later.
 */

/** A new webhook secret: 256 random bits, prefixed so it is recognisable when pasted. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The hex HMAC-SHA256 of "<t>.<body>" under the secret. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The X-Helpdesk-Signature header of a body sent at `timestamp` (unix seconds). */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${webhookSignature(secret, timestamp, body)}`;
}
