import { WEBHOOK_LIMITS } from '@helpdesk/contracts';
import type { Sql } from 'postgres';
import { sql } from '../db.ts';
import { IDEMPOTENCY_TTL_HOURS } from '../idempotency/queries.ts';
import { deleteFinishedJobs } from '../jobs/queries.ts';
import { LOGIN_FAILURE_WINDOW_MS } from '../limits/failure-limiter.ts';
import { deleteOldDeliveryBatch } from '../webhooks/queries.ts';
import type { WorkerTask } from '../worker/task.ts';
import {
  deleteDeadResetTokenBatch,
  deleteDeadVerificationTokenBatch,
  deleteExpiredIdempotencyKeyBatch,
  deleteExpiredLoginFailureBatch,
  deleteExpiredSessionBatch,
  deleteSpentRateCellBatch,
} from './queries.ts';

/** Rows deleted per kind and round; a round that deleted a full batch of any kind runs again at once. */
export const CLEANUP_BATCH_SIZE = 1000;
/** Done jobs are kept a day, failed ones a week (someone may want to know why). */
export const DONE_JOB_RETENTION_MS = 24 * 60 * 60_000;
export const FAILED_JOB_RETENTION_MS = 7 * 24 * 60 * 60_000;

export type CleanupCounts = {
  sessions: number;
  resetTokens: number;
  verificationTokens: number;
  idempotencyKeys: number;
  doneJobs: number;
  failedJobs: number;
  loginFailures: number;
  rateCells: number;
};

/** Webhook deliveries (bodies and answers) are kept this long for admins to look into. */
export const WEBHOOK_DELIVERY_RETENTION_MS = WEBHOOK_LIMITS.keepDays * 24 * 60 * 60_000;

/**
 * One round of cleanup, each kind in its own bounded batch: expired sessions, reset and address
 * confirmation tokens that can no longer be used, idempotency keys past their TTL, finished jobs past retention, failed
 * sign-ins the throttle's window has passed, rate-limit cells whose time has passed, and webhook
 * deliveries past retention (counted apart as `webhookDeliveries`).
 */
export async function runCleanupRound(
  options: { db?: Sql; now?: number; batchSize?: number } = {},
): Promise<{ handled: number; isBatchFull: boolean; counts: CleanupCounts; webhookDeliveries: number }> {
  const db = options.db ?? sql;
  const now = options.now ?? Date.now();
  const limit = options.batchSize ?? CLEANUP_BATCH_SIZE;
  const counts: CleanupCounts = {
    sessions: await deleteExpiredSessionBatch(db, { now: new Date(now), limit }),
    resetTokens: await deleteDeadResetTokenBatch(db, { now: new Date(now), limit }),
    verificationTokens: await deleteDeadVerificationTokenBatch(db, { now: new Date(now), limit }),
    idempotencyKeys: await deleteExpiredIdempotencyKeyBatch(db, {
      before: new Date(now - IDEMPOTENCY_TTL_HOURS * 60 * 60_000),
      limit,
    }),
    doneJobs: await deleteFinishedJobs(db, {
      status: 'done',
      before: new Date(now - DONE_JOB_RETENTION_MS),
      limit,
    }),
    failedJobs: await deleteFinishedJobs(db, {
      status: 'failed',
      before: new Date(now - FAILED_JOB_RETENTION_MS),
      limit,
    }),
    loginFailures: await deleteExpiredLoginFailureBatch(db, {
      before: new Date(now - LOGIN_FAILURE_WINDOW_MS),
      limit,
    }),
    rateCells: await deleteSpentRateCellBatch(db, { now: new Date(now), limit }),
  };
  const webhookDeliveries = await deleteOldDeliveryBatch(db, {
    before: new Date(now - WEBHOOK_DELIVERY_RETENTION_MS),
    limit,
  });
  const values = [...Object.values(counts), webhookDeliveries];
  return {
    handled: values.reduce((sum, count) => sum + count, 0),
    isBatchFull: values.some((count) => count >= limit),
    counts,
    webhookDeliveries,
  };
}

/** Cleanup as a periodic worker task; logs what it deleted when it deleted anything. */
export function createCleanupTask(intervalMs: number): WorkerTask {
  return {
    name: 'cleanup',
    intervalMs,
    run: async ({ log }) => {
      const { handled, isBatchFull, counts, webhookDeliveries } = await runCleanupRound();
      if (handled > 0) log.info('cleanup: deleted expired rows', { ...counts, webhookDeliveries });
      return { handled, isBatchFull };
    },
  };
}
