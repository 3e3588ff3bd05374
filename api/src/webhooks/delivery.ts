import { WEBHOOK_HEADERS, WEBHOOK_LIMITS } from '@helpdesk/contracts';
import { type Config, loadConfig } from '../config.ts';
import { sql } from '../db.ts';
import type { MailLinks } from '../email/prepare.ts';
import { defineJobHandler, JOB_PAYLOADS } from '../jobs/service.ts';
import { openSecret } from '../mailboxes/secret-box.ts';
import { addressedUrl, resolveWebhookTarget } from './address-guard.ts';
import { type DeliveryAttempt, recordDeliveryAttempt, selectDeliveryToSend } from './queries.ts';
import { WEBHOOK_SECRET_ASSOCIATED_DATA } from './secret.ts';
import { signatureHeader } from './signing.ts';

/**
 * Sends one delivery (a `webhook_delivery` job): the address checked again, a signed POST to it,
 * the answer recorded. A receiver answering anything but 2xx (or not at all) fails the attempt: the
 * attempt is recorded, then the job throws so the queue retries it with its backoff; after the last
 * attempt the delivery is failed for good.
 */

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_USER_AGENT = 'Helpdesk-Webhooks/1';

let workerConfig: Pick<Config, 'mailSecretKey' | 'appBaseUrl'> | undefined;
/** MAIL_SECRET_KEY and APP_BASE_URL, read once: the jobs queue and the SLA watch give their code no config. */
function webhookConfig(): Pick<Config, 'mailSecretKey' | 'appBaseUrl'> {
  workerConfig ??= loadConfig(process.env);
  return workerConfig;
}

/** Where a payload's ticket links point, for a writer with no links of its own (the SLA watch). */
export function webhookLinks(): MailLinks {
  return { appBaseUrl: webhookConfig().appBaseUrl };
}

/** A failed attempt, carried to the queue (which retries) after it was recorded. */
export class WebhookDeliveryError extends Error {
  override name = 'WebhookDeliveryError';
}

/** What a receiver answered: its status and the first 2 KB of its body. */
async function readAnswer(response: Response): Promise<{ status: number; body: string }> {
  const text = await response.text().catch(() => '');
  return { status: response.status, body: text.slice(0, WEBHOOK_LIMITS.responseBodyMax) };
}

/**
 * POSTs a body to a webhook's URL, signed with `secret`, connecting to the address the guard checked
 * (the host name stays in Host and in TLS's server name). Redirects are not followed.
 */
export async function sendWebhook(
  delivery: { id: string; event: string; body: string; url: string; allowPrivateNetwork: boolean },
  secret: string,
  now: number = Date.now(),
): Promise<{ status: number; body: string }> {
  const target = await resolveWebhookTarget(delivery.url, delivery.allowPrivateNetwork);
  const hostname = target.url.hostname.replace(/^\[(.*)\]$/, '$1');
  const response = await fetch(addressedUrl(target), {
    method: 'POST',
    redirect: 'manual',
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    headers: {
      Host: target.url.host,
      'Content-Type': 'application/json',
      'User-Agent': WEBHOOK_USER_AGENT,
      [WEBHOOK_HEADERS.event]: delivery.event,
      [WEBHOOK_HEADERS.delivery]: delivery.id,
      [WEBHOOK_HEADERS.signature]: signatureHeader(secret, Math.floor(now / 1000), delivery.body),
    },
    body: delivery.body,
    tls: { serverName: hostname },
  });
  return readAnswer(response);
}

const errorText = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500);

export const webhookDeliveryJobHandler = defineJobHandler(
  JOB_PAYLOADS.webhook_delivery,
  async ({ deliveryId }, { tx, job }) => {
    // Gone with its webhook, or sent already (a Redeliver is a new delivery): nothing to do.
    const delivery = await selectDeliveryToSend(tx, deliveryId);
    if (delivery?.status !== 'pending') return;
    const isLast = job.attempts >= job.maxAttempts;
    let attempt: DeliveryAttempt;
    try {
      // A webhook turned off sends nothing more, but its Send test still goes.
      if (!delivery.enabled && delivery.event !== 'ping') {
        throw new WebhookDeliveryError('The webhook is turned off');
      }
      const secret = openSecret(
        webhookConfig().mailSecretKey,
        delivery.secretCiphertext,
        WEBHOOK_SECRET_ASSOCIATED_DATA,
      );
      const answer = await sendWebhook(delivery, secret);
      const isOk = answer.status >= 200 && answer.status < 300;
      attempt = {
        status: isOk ? 'succeeded' : isLast ? 'failed' : 'pending',
        responseStatus: answer.status,
        responseBody: answer.body,
        error: isOk ? null : `The receiver answered ${answer.status}`,
      };
    } catch (error) {
      attempt = {
        status: isLast ? 'failed' : 'pending',
        responseStatus: null,
        responseBody: null,
        error: errorText(error),
      };
    }
    if (attempt.status === 'succeeded') {
      await recordDeliveryAttempt(tx, deliveryId, attempt);
      return;
    }
    // The job's transaction rolls back when it throws: the attempt is recorded outside it.
    await recordDeliveryAttempt(sql, deliveryId, attempt);
    throw new WebhookDeliveryError(attempt.error ?? 'The delivery failed');
  },
);
