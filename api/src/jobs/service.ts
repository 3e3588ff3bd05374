import type { Sql, TransactionSql } from 'postgres';
import { z } from 'zod';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import type { Logger } from '../log.ts';
import type { WorkerTask } from '../worker/task.ts';
import {
  type ClaimedJob,
  claimDueJobs,
  insertJob,
  JOBS_CHANNEL,
  lockHeldJob,
  markJobDone,
  markJobFailed,
  notifyJobs,
  releaseJobs,
} from './queries.ts';

// The address as typed (the worker looks the account up) and where the link points (APP_BASE_URL).
const PASSWORD_RESET_PAYLOAD = z.strictObject({ email: z.string().max(254), appBaseUrl: z.url() });

/** Every kind of queued job and its payload; a worker parses the payload again before it acts. */
export const JOB_PAYLOADS = {
  auto_assign: z.strictObject({ ticketId: z.uuid() }),
  admin_password_reset: PASSWORD_RESET_PAYLOAD,
  // The same for the forgot-password form everyone has: any active account with the address.
  password_reset: PASSWORD_RESET_PAYLOAD,
  // One delivery of a webhook (webhooks/delivery.ts): its row holds the body, the job only its id.
  webhook_delivery: z.strictObject({ deliveryId: z.uuid() }),
} as const;

export type JobKind = keyof typeof JOB_PAYLOADS;
export type JobPayload<K extends JobKind> = z.output<(typeof JOB_PAYLOADS)[K]>;

/** Retries wait 10 s, 20 s, 40 s, ... up to 30 minutes. */
export const JOB_RETRY_FIRST_MS = 10_000;
export const JOB_RETRY_MAX_MS = 30 * 60_000;
/** How long a worker holds a claimed job before another may take it over. */
export const JOB_LEASE_MS = 2 * 60_000;
/** Jobs claimed per round; a full round runs again at once. */
export const JOB_BATCH_SIZE = 20;
/** Without a NOTIFY (a retry coming due, a lost connection) the queue is still looked at this often. */
export const JOBS_POLL_MS = 5_000;

/** The wait before attempt `attempt + 1` after attempt `attempt` failed. */
export function jobRetryDelayMs(attempt: number): number {
  return Math.min(JOB_RETRY_FIRST_MS * 2 ** Math.max(0, attempt - 1), JOB_RETRY_MAX_MS);
}

/**
 * Queues a job inside the caller's transaction; workers are woken when it commits. A job whose
 * dedupe key is already queued (or done and not yet cleaned up) is not added again.
 */
export async function enqueueJob<K extends JobKind>(
  tx: Db,
  kind: K,
  payload: JobPayload<K>,
  options: { dedupeKey?: string; runAt?: Date } = {},
): Promise<boolean> {
  const isAdded = await insertJob(tx, {
    kind,
    payload: JOB_PAYLOADS[kind].parse(payload),
    dedupeKey: options.dedupeKey ?? null,
    runAt: options.runAt ?? null,
  });
  if (isAdded) await notifyJobs(tx);
  return isAdded;
}

/** A payload that can never be done (it does not parse): the job fails for good, without retries. */
export class InvalidJobPayloadError extends Error {
  override name = 'InvalidJobPayloadError';
}

/** What a job's code gets: the transaction that also marks the job done, so both commit or neither. */
export type JobContext = { tx: TransactionSql; log: Logger; job: ClaimedJob };

/** How one kind of job is done; build it with defineJobHandler so the payload is parsed first. */
export type JobHandler = { handle: (payload: unknown, context: JobContext) => Promise<void> };

/** A handler whose payload is checked against the schema before `run` sees it. */
export function defineJobHandler<P>(
  schema: z.ZodType<P>,
  run: (payload: P, context: JobContext) => Promise<void>,
): JobHandler {
  return {
    handle: async (payload, context) => {
      const parsed = schema.safeParse(payload);
      if (!parsed.success)
        throw new InvalidJobPayloadError(`invalid payload: ${z.prettifyError(parsed.error)}`);
      await run(parsed.data, context);
    },
  };
}

export type JobsRoundOptions = {
  db: Sql;
  handlers: Readonly<Record<string, JobHandler>>;
  log: Logger;
  signal: AbortSignal;
  batchSize?: number;
  leaseMs?: number;
};

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2000);
}

/**
 * One round of the queue: claims due jobs of the handled kinds and does each in its own
 * transaction together with marking it done. A job that throws is retried later with backoff
 * (or fails for good after its last attempt, or at once when its payload is invalid). When the
 * worker stops, the jobs not yet started are given back.
 */
export async function runJobsRound(
  options: JobsRoundOptions,
): Promise<{ handled: number; isBatchFull: boolean }> {
  const { db, handlers, log } = options;
  const batchSize = options.batchSize ?? JOB_BATCH_SIZE;
  const claimed = await claimDueJobs(db, {
    kinds: Object.keys(handlers),
    limit: batchSize,
    leaseMs: options.leaseMs ?? JOB_LEASE_MS,
  });
  let handled = 0;
  for (const [index, job] of claimed.entries()) {
    if (options.signal.aborted) {
      await releaseJobs(db, claimed.slice(index));
      break;
    }
    await runJob(db, job, handlers, log);
    handled += 1;
  }
  return { handled, isBatchFull: claimed.length === batchSize };
}

async function runJob(
  db: Sql,
  job: ClaimedJob,
  handlers: Readonly<Record<string, JobHandler>>,
  log: Logger,
): Promise<void> {
  const handler = handlers[job.kind];
  try {
    if (!handler) throw new InvalidJobPayloadError(`no handler for job kind '${job.kind}'`);
    if (job.attempts > job.maxAttempts) throw new Error(`gave up after ${job.maxAttempts} attempts`);
    await db.begin(async (tx) => {
      // The lease ran out and another worker took the job over: it is theirs now.
      if (!(await lockHeldJob(tx, job))) return;
      await handler.handle(job.payload, { tx, log, job });
      await markJobDone(tx, job.id);
    });
  } catch (error) {
    const isFinal = error instanceof InvalidJobPayloadError || job.attempts >= job.maxAttempts;
    const retryAt = new Date(Date.now() + jobRetryDelayMs(job.attempts));
    log.error(
      isFinal
        ? `job ${job.kind} #${job.id} failed for good (attempt ${job.attempts} of ${job.maxAttempts})`
        : `job ${job.kind} #${job.id} failed (attempt ${job.attempts} of ${job.maxAttempts}); retrying at ${retryAt.toISOString()}`,
      error,
    );
    await markJobFailed(db, job, { error: errorText(error), retryAt, isFinal });
  }
}

/** The queue as a worker task: woken by NOTIFY on 'jobs', and polled every few seconds for retries. */
export function createJobsTask(
  handlers: Readonly<Record<string, JobHandler>>,
  options: { db?: Sql; batchSize?: number; leaseMs?: number; intervalMs?: number; name?: string } = {},
): WorkerTask {
  return {
    name: options.name ?? 'jobs',
    intervalMs: options.intervalMs ?? JOBS_POLL_MS,
    wakeChannel: JOBS_CHANNEL,
    run: ({ log, signal }) =>
      runJobsRound({
        db: options.db ?? sql,
        handlers,
        log,
        signal,
        batchSize: options.batchSize,
        leaseMs: options.leaseMs,
      }),
  };
}
