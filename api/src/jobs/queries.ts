import type { JSONValue, PendingQuery, Row } from 'postgres';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';

/** The NOTIFY channel a new job is announced on: workers LISTEN on it and claim at once. */
export const JOBS_CHANNEL = 'jobs';

/** A job a worker holds: its lease is attempt `attempts`, the guard every later write checks. */
export type ClaimedJob = {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
};

/** Adds a job unless one with the same dedupe key exists; true when this call added it. */
export async function insertJob(
  db: Db,
  job: { kind: string; payload: JSONValue; dedupeKey: string | null; runAt: Date | null },
): Promise<boolean> {
  const rows = await db`
    insert into jobs (kind, payload, dedupe_key, run_at)
    values (${job.kind}, ${db.json(job.payload)}, ${job.dedupeKey}, coalesce(${job.runAt}::timestamptz, now()))
    on conflict (dedupe_key) do nothing
    returning id`;
  return rows.length === 1;
}

/**
 * insertJob (due now) as the body of a data-modifying CTE, for a write that queues its job in its
 * own statement; `condition` (SQL) decides whether it is queued at all. Returns the id when added.
 */
export function jobInsert(
  job: { kind: string; payload: JSONValue; dedupeKey: string },
  condition: PendingQuery<Row[]>,
): PendingQuery<Row[]> {
  return sql`
    insert into jobs (kind, payload, dedupe_key)
    select ${job.kind}, ${sql.json(job.payload)}, ${job.dedupeKey}
    where ${condition}
    on conflict (dedupe_key) do nothing
    returning id`;
}

/** notifyJobs once per row of the CTE named `insertedCte` (over jobInsert): nothing when no job was added. */
export function jobsWakeUp(insertedCte: string): PendingQuery<Row[]> {
  return sql`select pg_notify(${JOBS_CHANNEL}, '') from ${sql(insertedCte)}`;
}

/** Wakes the workers when the caller's transaction commits (NOTIFY is transactional). */
export async function notifyJobs(db: Db): Promise<void> {
  await db`select pg_notify(${JOBS_CHANNEL}, '')`;
}

/**
 * Takes up to `limit` due jobs of the given kinds, oldest first, skipping rows another worker is
 * taking right now. Each becomes 'running' with a lease; its run_at moves to the lease's end, so
 * if this worker dies the job is due again then (jobs_due_idx serves both cases).
 */
export async function claimDueJobs(
  db: Db,
  options: { kinds: readonly string[]; limit: number; leaseMs: number },
): Promise<ClaimedJob[]> {
  if (options.kinds.length === 0) return [];
  return db<ClaimedJob[]>`
    update jobs j set
      status = 'running',
      attempts = j.attempts + 1,
      locked_until = now() + make_interval(secs => ${options.leaseMs / 1000}),
      run_at = now() + make_interval(secs => ${options.leaseMs / 1000})
    from (
      select id from jobs
      where status in ('pending', 'running') and run_at <= now() and kind in ${db(options.kinds)}
      order by run_at, id
      limit ${options.limit}
      for update skip locked
    ) due
    where j.id = due.id
    returning j.id::text as id, j.kind, j.payload, j.attempts, j.max_attempts as "maxAttempts"`;
}

/**
 * Locks a claimed job for the transaction that does it, if this worker still holds the lease
 * (same attempt, still running). False when the lease ran out and another worker took it over.
 */
export async function lockHeldJob(db: Db, job: { id: string; attempts: number }): Promise<boolean> {
  const rows = await db`
    select id from jobs where id = ${job.id} and status = 'running' and attempts = ${job.attempts}
    for update`;
  return rows.length === 1;
}

export async function markJobDone(db: Db, id: string): Promise<void> {
  await db`
    update jobs set status = 'done', finished_at = now(), locked_until = null, last_error = null
    where id = ${id}`;
}

/**
 * Records a failed attempt of a job this worker still holds: back to 'pending' at `retryAt`, or
 * 'failed' for good when `isFinal`. False when the lease was lost meanwhile (nothing written).
 */
export async function markJobFailed(
  db: Db,
  job: { id: string; attempts: number },
  failure: { error: string; retryAt: Date; isFinal: boolean },
): Promise<boolean> {
  const rows = await db`
    update jobs set
      status = case when ${failure.isFinal}::boolean then 'failed' else 'pending' end,
      run_at = case when ${failure.isFinal}::boolean then run_at else ${failure.retryAt}::timestamptz end,
      finished_at = case when ${failure.isFinal}::boolean then now() end,
      locked_until = null,
      last_error = ${failure.error}
    where id = ${job.id} and status = 'running' and attempts = ${job.attempts}
    returning id`;
  return rows.length === 1;
}

/** Gives back claimed jobs this worker will not do (it is stopping): due again at once, the attempt not counted. */
export async function releaseJobs(db: Db, jobs: readonly { id: string; attempts: number }[]): Promise<void> {
  for (const job of jobs) {
    await db`
      update jobs set status = 'pending', run_at = now(), locked_until = null, attempts = attempts - 1
      where id = ${job.id} and status = 'running' and attempts = ${job.attempts}`;
  }
}

/** Deletes up to `limit` jobs of a final status that finished before `before`. */
export async function deleteFinishedJobs(
  db: Db,
  options: { status: 'done' | 'failed'; before: Date; limit: number },
): Promise<number> {
  const rows = await db`
    delete from jobs where id in (
      select id from jobs
      where ${options.status === 'done' ? db`status = 'done'` : db`status = 'failed'`} and finished_at < ${options.before}
      order by finished_at
      limit ${options.limit}
      for update skip locked
    )
    returning id`;
  return rows.length;
}
