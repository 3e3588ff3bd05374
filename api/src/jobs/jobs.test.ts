import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Sql } from 'postgres';
import { z } from 'zod';
import { createScratchDatabase } from '../../test/helpers.ts';
import { loadConfig } from '../config.ts';
import { createSql } from '../db/postgres.ts';
import { createWorker } from '../worker/runner.ts';
import { collectingLogger, eventually } from '../worker/test-fixtures.ts';
import { claimDueJobs, insertJob, notifyJobs } from './queries.ts';
import {
  createJobsTask,
  defineJobHandler,
  enqueueJob,
  JOB_LEASE_MS,
  JOB_RETRY_MAX_MS,
  type JobHandler,
  jobRetryDelayMs,
  runJobsRound,
} from './service.ts';

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let db: Sql;

beforeAll(async () => {
  scratch = await createScratchDatabase();
  db = scratch.sql;
});
afterAll(async () => {
  await scratch.drop();
});

const uniqueKind = () => `test_${crypto.randomUUID().slice(0, 8)}`;
const ZTestPayload = z.strictObject({ n: z.number().int() });
const never = new AbortController().signal;

type JobRow = {
  id: string;
  status: string;
  attempts: number;
  lastError: string | null;
  runAt: string;
  finishedAt: string | null;
};
async function jobsOfKind(kind: string): Promise<JobRow[]> {
  return [
    ...(await db<JobRow[]>`
      select id::text as id, status, attempts, last_error as "lastError", run_at as "runAt", finished_at as "finishedAt"
      from jobs where kind = ${kind} order by id`),
  ];
}

async function insertJobs(kind: string, count: number): Promise<void> {
  await db`
    insert into jobs (kind, payload)
    select ${kind}, jsonb_build_object('n', n) from generate_series(1, ${count}) n`;
}

describe('the job queue', () => {
  test('a job enqueued in a transaction exists, and wakes listeners, only once that commits', async () => {
    const heard: string[] = [];
    const listener = createSql(scratch.url, { max: 1 });
    await listener.listen('jobs', (payload) => heard.push(payload));
    const ticketId = crypto.randomUUID();
    try {
      await db
        .begin(async (tx) => {
          expect(
            await enqueueJob(tx, 'auto_assign', { ticketId }, { dedupeKey: `auto_assign:${ticketId}` }),
          ).toBe(true);
          throw new Error('roll back');
        })
        .catch(() => {});
      await Bun.sleep(100);
      expect(heard).toEqual([]);
      expect(await db`select 1 from jobs where dedupe_key = ${`auto_assign:${ticketId}`}`).toHaveLength(0);

      await db.begin(async (tx) => {
        await enqueueJob(tx, 'auto_assign', { ticketId }, { dedupeKey: `auto_assign:${ticketId}` });
        await Bun.sleep(100);
        expect(heard).toEqual([]);
      });
      await eventually(() => heard.length === 1);
      // The same dedupe key again: nothing added, nobody woken.
      expect(
        await db.begin((tx) =>
          enqueueJob(tx, 'auto_assign', { ticketId }, { dedupeKey: `auto_assign:${ticketId}` }),
        ),
      ).toBe(false);
      await Bun.sleep(100);
      expect(heard).toHaveLength(1);
      const [row] =
        await db`select kind, payload, status, attempts from jobs where dedupe_key = ${`auto_assign:${ticketId}`}`;
      expect(row).toEqual({ kind: 'auto_assign', payload: { ticketId }, status: 'pending', attempts: 0 });
    } finally {
      await listener.end();
    }
  });

  test('a payload that does not fit its kind is refused before anything is written', async () => {
    await expect(
      db.begin((tx) =>
        enqueueJob(tx, 'auto_assign', { ticketId: 'not-a-uuid' }, { dedupeKey: 'bad-payload' }),
      ),
    ).rejects.toThrow();
    expect(await db`select 1 from jobs where dedupe_key = 'bad-payload'`).toHaveLength(0);
  });

  test('two workers with their own pools race over 100 jobs: each job is done exactly once', async () => {
    const kind = uniqueKind();
    await insertJobs(kind, 100);
    const done = new Map<number, number>();
    const handler = defineJobHandler(ZTestPayload, async ({ n }, { tx }) => {
      // Real work in the job's transaction, and a pause so the two workers interleave.
      await tx`select pg_sleep(${Math.random() * 0.003})`;
      done.set(n, (done.get(n) ?? 0) + 1);
    });
    const config = loadConfig({ DATABASE_URL: scratch.url, NODE_ENV: 'test' });
    const pools = [createSql(scratch.url, { max: 3 }), createSql(scratch.url, { max: 3 })];
    const logs = pools.map(() => collectingLogger());
    const workers = pools.map((pool, index) =>
      createWorker({
        tasks: [createJobsTask({ [kind]: handler }, { db: pool, batchSize: 7, name: `jobs-${index}` })],
        config,
        log: logs[index] ?? collectingLogger(),
        sql: pool,
      }),
    );
    try {
      for (const worker of workers) worker.start();
      await eventually(async () => {
        const [row] = await db<{ count: number }[]>`
          select count(*)::int as count from jobs where kind = ${kind} and status = 'done'`;
        return row?.count === 100;
      }, 20_000);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await Promise.all(pools.map((pool) => pool.end()));
    }
    expect(logs.flatMap((log) => log.lines.filter((line) => line.startsWith('ERROR')))).toEqual([]);
    expect(done.size).toBe(100);
    expect([...done.values()].every((count) => count === 1)).toBe(true);
    const rows = await jobsOfKind(kind);
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1 && row.finishedAt !== null)).toBe(
      true,
    );
  }, 30_000);

  test('many concurrent claims on one pool never hand out a job twice', async () => {
    const kind = uniqueKind();
    await insertJobs(kind, 100);
    const claims = await Promise.all(
      Array.from({ length: 12 }, () => claimDueJobs(db, { kinds: [kind], limit: 10, leaseMs: JOB_LEASE_MS })),
    );
    const ids = claims.flat().map((job) => job.id);
    expect(ids).toHaveLength(100);
    expect(new Set(ids).size).toBe(100);
  });

  test('a failing job is retried with capped backoff, then fails for good after its last attempt', async () => {
    expect([1, 2, 3, 4].map(jobRetryDelayMs)).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(jobRetryDelayMs(30)).toBe(JOB_RETRY_MAX_MS);
    const kind = uniqueKind();
    await db`insert into jobs (kind, payload, max_attempts) values (${kind}, '{"n": 1}', 2)`;
    let calls = 0;
    const log = collectingLogger();
    const handlers: Record<string, JobHandler> = {
      [kind]: defineJobHandler(ZTestPayload, async (_payload, { tx }) => {
        calls += 1;
        await tx`insert into auto_assign_turns (user_id, last_assigned_at) values (gen_random_uuid(), now())`;
      }),
    };
    const before = Date.now();
    expect(await runJobsRound({ db, handlers, log, signal: never })).toEqual({
      handled: 1,
      isBatchFull: false,
    });
    let [row] = await jobsOfKind(kind);
    // The handler's write broke a foreign key: rolled back, the job waits ~10 s.
    expect(calls).toBe(1);
    expect(row?.status).toBe('pending');
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toContain('foreign key');
    expect(Date.parse(row?.runAt ?? '')).toBeGreaterThanOrEqual(before + 9_000);
    expect(
      log.lines.some((line) => line.startsWith(`ERROR job ${kind} #`) && line.includes('retrying at')),
    ).toBe(true);
    // Not due yet: nothing to claim.
    expect((await runJobsRound({ db, handlers, log, signal: never })).handled).toBe(0);
    await db`update jobs set run_at = now() where kind = ${kind}`;
    await runJobsRound({ db, handlers, log, signal: never });
    [row] = await jobsOfKind(kind);
    expect(calls).toBe(2);
    expect(row?.status).toBe('failed');
    expect(row?.attempts).toBe(2);
    expect(row?.finishedAt).not.toBeNull();
    expect(await db`select 1 from auto_assign_turns`).toHaveLength(0);
  });

  test('an invalid payload fails at once, without retries', async () => {
    const kind = uniqueKind();
    await insertJob(db, { kind, payload: { n: 'one' }, dedupeKey: null, runAt: null });
    let calls = 0;
    const handlers = {
      [kind]: defineJobHandler(ZTestPayload, async () => {
        calls += 1;
      }),
    };
    await runJobsRound({ db, handlers, log: collectingLogger(), signal: never });
    const [row] = await jobsOfKind(kind);
    expect(calls).toBe(0);
    expect(row?.status).toBe('failed');
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toContain('invalid payload');
  });

  test("a dead worker's job is taken over when its lease runs out; a worker that lost its lease does nothing", async () => {
    const kind = uniqueKind();
    await insertJobs(kind, 1);
    const [claimed] = await claimDueJobs(db, { kinds: [kind], limit: 10, leaseMs: JOB_LEASE_MS });
    expect(claimed?.attempts).toBe(1);
    let calls = 0;
    const handlers = {
      [kind]: defineJobHandler(ZTestPayload, async () => {
        calls += 1;
      }),
    };
    // Leased: nobody else gets it.
    expect((await runJobsRound({ db, handlers, log: collectingLogger(), signal: never })).handled).toBe(0);
    // The lease ran out (the worker died): it is due again and done by another worker.
    await db`update jobs set run_at = now() - interval '1 second', locked_until = now() - interval '1 second' where kind = ${kind}`;
    await runJobsRound({ db, handlers, log: collectingLogger(), signal: never });
    const [row] = await jobsOfKind(kind);
    expect(calls).toBe(1);
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
  });

  test('a round stopped half way gives the jobs it did not start back, attempt not counted', async () => {
    const kind = uniqueKind();
    await insertJobs(kind, 5);
    const controller = new AbortController();
    let calls = 0;
    const handlers = {
      [kind]: defineJobHandler(ZTestPayload, async () => {
        calls += 1;
        if (calls === 2) controller.abort();
      }),
    };
    const result = await runJobsRound({
      db,
      handlers,
      log: collectingLogger(),
      signal: controller.signal,
      batchSize: 5,
    });
    expect(result.handled).toBe(2);
    const rows = await jobsOfKind(kind);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
      ['pending', 0],
      ['pending', 0],
      ['pending', 0],
    ]);
  });

  test('claiming reads the due-jobs index, not the finished jobs', async () => {
    await db`
      insert into jobs (kind, payload, status, finished_at)
      select 'old_done', '{}', 'done', now() - interval '1 hour' from generate_series(1, 2000)`;
    await db`analyze jobs`;
    const plan = await db.begin(async (tx) => {
      await tx`set local enable_seqscan = off`;
      return tx.unsafe(
        `explain select id from jobs where status in ('pending', 'running') and run_at <= now()
           and kind in ('a') order by run_at, id limit 20 for update skip locked`,
      );
    });
    expect(JSON.stringify(plan)).toContain('jobs_due_idx');
  });

  test('the jobs task wakes on NOTIFY: a job enqueued after start is done without waiting for the poll', async () => {
    const kind = uniqueKind();
    const done: number[] = [];
    const config = loadConfig({ DATABASE_URL: scratch.url, NODE_ENV: 'test' });
    const worker = createWorker({
      tasks: [
        createJobsTask(
          { [kind]: defineJobHandler(ZTestPayload, async ({ n }) => void done.push(n)) },
          { db, intervalMs: 60_000 },
        ),
      ],
      config,
      log: collectingLogger(),
      sql: db,
    });
    worker.start();
    try {
      await Bun.sleep(300);
      await db.begin(async (tx) => {
        await insertJob(tx, { kind, payload: { n: 7 }, dedupeKey: null, runAt: null });
        await notifyJobs(tx);
      });
      await eventually(() => done.length === 1, 2_000);
      expect(done).toEqual([7]);
    } finally {
      await worker.stop();
    }
  });
});
