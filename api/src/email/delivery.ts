import { EMAIL_MESSAGES } from '@helpdesk/contracts';
import { sql } from '../db.ts';
import { threadHeadersFor } from '../mail-in/outgoing-threading.ts';
import { getEffectiveSettings } from '../settings/service.ts';
import type { WorkerContext, WorkerTask } from '../worker/task.ts';
import {
  type ClaimedMessage,
  claimDueMessages,
  labelDueMessages,
  markFailed,
  markSent,
  OUTBOX_CHANNEL,
  releaseClaims,
  scheduleRetry,
} from './queries.ts';
import { oneLine } from './templates.ts';
import {
  fromAddress,
  messageIdDomain,
  outboxMessageId,
  resolveSmtpServer,
  type SmtpServer,
  transportFor,
} from './transport.ts';

export type DeliveryOptions = {
  /** Messages claimed per round. */
  batchSize: number;
  /** How long a claim holds a message; past it another worker may take the message over. */
  leaseMs: number;
  /** The first retry waits about this long; each later one twice as long (with jitter), up to backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** After this many failed attempts a message is 'failed' until an admin retries it. */
  maxAttempts: number;
  /** Rounds run at least this often when nothing wakes the task. */
  intervalMs: number;
};

export const DEFAULT_DELIVERY_OPTIONS: DeliveryOptions = {
  batchSize: 20,
  leaseMs: 5 * 60_000,
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60_000,
  maxAttempts: 8,
  intervalMs: 30_000,
};

/**
 * How long to wait before attempt `attempt + 1`: base x 2^(attempt-1), capped, then "equal jitter"
 * (between half and all of it) so messages that failed together do not retry together.
 */
export function retryDelayMs(attempt: number, options: DeliveryOptions, random = Math.random): number {
  const exponential = Math.min(options.backoffMaxMs, options.backoffBaseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + (exponential / 2) * random());
}

type SmtpFailure = { responseCode?: unknown; code?: unknown; command?: unknown; message?: unknown };

/**
 * A short, single-line reason safe to show an admin: the SMTP reply or the error code. nodemailer's
 * messages carry server replies and addresses, never bodies; the password is blanked all the same.
 */
export function describeSendError(error: unknown, password: string | null): string {
  const failure: SmtpFailure = typeof error === 'object' && error !== null ? error : {};
  const code = typeof failure.code === 'string' ? failure.code : null;
  const message = typeof failure.message === 'string' ? failure.message : String(error);
  let text = oneLine(code && !message.includes(code) ? `${code}: ${message}` : message, 300);
  if (password) text = text.split(password).join('***');
  return text || 'Unknown error';
}

/** A 5xx answer to the recipient (no such mailbox, refused): trying again would only be refused again. */
function isPermanent(error: unknown): boolean {
  const failure: SmtpFailure = typeof error === 'object' && error !== null ? error : {};
  return (
    failure.code === 'EENVELOPE' &&
    typeof failure.responseCode === 'number' &&
    failure.responseCode >= 500 &&
    failure.responseCode < 600
  );
}

async function deliverOne(
  message: ClaimedMessage,
  server: SmtpServer,
  from: { name: string; address: string },
  options: DeliveryOptions,
  context: WorkerContext,
): Promise<void> {
  try {
    const domain = messageIdDomain(from.address);
    const thread =
      message.ticketId === null
        ? {}
        : await threadHeadersFor(sql, { id: message.id, ticketId: message.ticketId }, domain);
    await (await transportFor(server)).sendMail({
      from,
      to: message.recipient,
      subject: message.subject,
      text: message.textBody,
      html: message.htmlBody,
      messageId: outboxMessageId(message.id, domain),
      ...thread,
      // The envelope names exactly one recipient, whatever the headers might have been made to say.
      envelope: { from: from.address, to: [message.recipient] },
      disableFileAccess: true,
      disableUrlAccess: true,
    });
  } catch (error) {
    const reason = describeSendError(error, server.password);
    const isLast = isPermanent(error) || message.attempts >= options.maxAttempts;
    if (isLast) await markFailed(sql, message.id, message.attempts, reason);
    else
      await scheduleRetry(sql, message.id, message.attempts, retryDelayMs(message.attempts, options), reason);
    context.log.info(isLast ? 'email failed' : 'email will be retried', {
      outboxId: message.id,
      kind: message.kind,
      attempt: message.attempts,
      reason,
    });
    return;
  }
  // The window: a stop between the server's acceptance and this line sends the message again
  // after the lease, under the same Message-ID (see outboxMessageId).
  await markSent(sql, message.id, message.attempts);
  context.log.info('email sent', { outboxId: message.id, kind: message.kind, attempt: message.attempts });
}

/**
 * One delivery round: claim due messages, send each, record the outcome. Without an SMTP server it
 * only labels the due messages 'SMTP is not configured' (no attempt spent). A round that is asked
 * to stop, or that has used half its lease, hands its unsent claims back instead of racing the lease.
 */
async function deliverRound(
  context: WorkerContext,
  options: DeliveryOptions,
): Promise<{ handled: number; isBatchFull: boolean }> {
  const settings = await getEffectiveSettings(sql);
  const server = resolveSmtpServer(settings, context.config.smtp);
  if (!server) {
    await labelDueMessages(sql, EMAIL_MESSAGES.notConfigured, 1000);
    return { handled: 0, isBatchFull: false };
  }
  const from = fromAddress(settings, context.config.appBaseUrl);
  const claimed = await claimDueMessages(sql, { limit: options.batchSize, leaseMs: options.leaseMs });
  const startedAt = Date.now();
  for (const [index, message] of claimed.entries()) {
    if (context.signal.aborted || Date.now() - startedAt > options.leaseMs / 2) {
      await releaseClaims(sql, claimed.slice(index));
      break;
    }
    await deliverOne(message, server, from, options, context);
  }
  return { handled: claimed.length, isBatchFull: claimed.length === options.batchSize };
}

/** The outbox delivery task with its timings (tests shorten the backoff and the lease). */
export function createEmailDeliveryTask(overrides: Partial<DeliveryOptions> = {}): WorkerTask {
  const options = { ...DEFAULT_DELIVERY_OPTIONS, ...overrides };
  return {
    name: 'email-delivery',
    intervalMs: options.intervalMs,
    wakeChannel: OUTBOX_CHANNEL,
    run: (context) => deliverRound(context, options),
  };
}

/** Sends the outbox through SMTP; the worker runs it, and a new outbox row wakes it through NOTIFY. */
export const emailDeliveryTask: WorkerTask = createEmailDeliveryTask();
