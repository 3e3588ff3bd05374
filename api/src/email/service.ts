import {
  EMAIL_MESSAGES,
  EMAIL_OUTBOX_LIMITS,
  type TEmailOutboxStatus,
  type TEmailRetryRequest,
  type TEmailRetryResponse,
  type TEmailTestResponse,
  type TUser,
} from '@helpdesk/contracts';
import { insertAuditEntry } from '../audit/queries.ts';
import type { RequestMeta } from '../client-ip.ts';
import type { Config } from '../config.ts';
import { sql } from '../db.ts';
import { conflict } from '../errors.ts';
import { getEffectiveSettings } from '../settings/service.ts';
import { enqueueTestMessage } from './outbox.ts';
import {
  isTestMessagePending,
  notifyOutbox,
  requeueFailed,
  selectOutboxCounts,
  selectUndelivered,
} from './queries.ts';
import { resolveSmtpServer } from './transport.ts';

/** The admin's view of outgoing mail: where it leaves through, how much waits or failed, and the newest undelivered messages. */
export async function getOutboxStatus(config: Config): Promise<TEmailOutboxStatus> {
  const [settings, counts, undelivered] = await Promise.all([
    getEffectiveSettings(sql),
    selectOutboxCounts(sql),
    selectUndelivered(sql, EMAIL_OUTBOX_LIMITS.undeliveredListMax),
  ]);
  const server = resolveSmtpServer(settings, config.smtp);
  return {
    smtp: server
      ? { isConfigured: true, source: server.source, server: `${server.host}:${server.port}` }
      : { isConfigured: false, source: null, server: null },
    counts,
    undelivered,
  };
}

/** Requeues failed messages (the named ones, or every failed one up to the cap) with a fresh set of attempts; audited. */
export async function retryFailedEmails(
  admin: TUser,
  input: TEmailRetryRequest,
  meta: RequestMeta,
): Promise<TEmailRetryResponse> {
  return sql.begin(async (tx) => {
    const ids = await requeueFailed(tx, input.ids ?? null, EMAIL_OUTBOX_LIMITS.retryMax);
    if (ids.length > 0) {
      await insertAuditEntry(tx, {
        adminUserId: admin.id,
        action: 'email.retried',
        targetUserId: null,
        details: input.ids ? { requeued: ids.length, ids } : { requeued: ids.length },
        ipAddress: meta.ipAddress,
        userAgent: meta.userAgent,
      });
      // The requeued rows are due now: wake a worker (delivered on commit, like an enqueue).
      await notifyOutbox(tx);
    }
    return { requeued: ids.length };
  });
}

/**
 * Enqueues a test message to the signed-in admin's own address (one waiting at a time; only once
 * confirmed, like every message but its confirmation link); audited.
 */
export async function sendTestEmail(
  admin: TUser,
  meta: RequestMeta,
  config: Config,
): Promise<TEmailTestResponse> {
  if (!admin.emailVerified) throw conflict(EMAIL_MESSAGES.testNeedsConfirmedAddress);
  return sql.begin(async (tx) => {
    if (await isTestMessagePending(tx, admin.email)) throw conflict(EMAIL_MESSAGES.testPending);
    const id = await enqueueTestMessage(tx, admin, config);
    if (id === null) throw new Error(`the test message to admin ${admin.id} was not enqueued`);
    await insertAuditEntry(tx, {
      adminUserId: admin.id,
      action: 'email.test_sent',
      targetUserId: admin.id,
      details: { outboxId: id },
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent,
    });
    return { id, recipient: admin.email };
  });
}
