import { afterEach, describe, expect, test } from 'bun:test';
import { createDatabaseProxy } from '../../test/processes.ts';
import { loadConfig } from '../config.ts';
import { createSql } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { createWorker, type Worker } from './runner.ts';
import type { WorkerTask } from './task.ts';
import { collectingLogger, eventually } from './test-fixtures.ts';

const config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL, NODE_ENV: 'test' });
const uniqueChannel = () => `test_wake_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;

let workers: Worker[] = [];
afterEach(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  workers = [];
});

function startWorker(tasks: WorkerTask[], options: Partial<Parameters<typeof createWorker>[0]> = {}) {
  const log = collectingLogger();
  const worker = createWorker({ tasks, config, log, sql, backoffMs: { first: 20, max: 80 }, ...options });
  workers.push(worker);
  worker.start();
  return { worker, log };
}

/** A task that counts its rounds and answers each with `answer(round)`. */
function countingTask(
  name: string,
  options: {
    intervalMs?: number;
    wakeChannel?: string;
    answer?: (round: number) => Promise<{ handled: number; isBatchFull: boolean }>;
  } = {},
) {
  const state = { rounds: 0, running: 0, maxRunning: 0 };
  const task: WorkerTask = {
    name,
    intervalMs: options.intervalMs ?? 60_000,
    wakeChannel: options.wakeChannel,
    run: async () => {
      state.rounds += 1;
      state.running += 1;
      state.maxRunning = Math.max(state.maxRunning, state.running);
      try {
        return options.answer ? await options.answer(state.rounds) : { handled: 0, isBatchFull: false };
      } finally {
        state.running -= 1;
      }
    },
  };
  return { task, state };
}

describe('the worker runner', () => {
  test('each task runs a first round at start; a NOTIFY on its channel runs the next one at once', async () => {
    const channel = uniqueChannel();
    const woken = countingTask('woken', { wakeChannel: channel });
    const other = countingTask('other');
    startWorker([woken.task, other.task], { listenCheckMs: 60_000 });
    await eventually(() => woken.state.rounds >= 1 && other.state.rounds === 1);
    // The LISTEN is in place once its first wake-up (after LISTEN) has run a round.
    await eventually(() => woken.state.rounds >= 2);
    const before = woken.state.rounds;
    await sql`select pg_notify(${channel}, '')`;
    await eventually(() => woken.state.rounds === before + 1, 2_000);
    // A NOTIFY on the channel wakes only the task that listens on it.
    expect(other.state.rounds).toBe(1);
  });

  test('a round that reports a full batch runs again at once, until one is not full', async () => {
    const task = countingTask('batches', {
      answer: async (round) => ({ handled: 10, isBatchFull: round < 5 }),
    });
    startWorker([task.task]);
    await eventually(() => task.state.rounds === 5, 2_000);
    await Bun.sleep(100);
    expect(task.state.rounds).toBe(5);
  });

  test('never two rounds of one task at once; a wake-up during a round runs one more round after it', async () => {
    let release = () => {};
    const task = countingTask('slow', {
      answer: async (round) => {
        if (round === 1) await new Promise<void>((resolve) => (release = resolve));
        return { handled: 1, isBatchFull: false };
      },
    });
    const { worker } = startWorker([task.task]);
    await eventually(() => task.state.rounds === 1);
    for (let index = 0; index < 20; index++) worker.wake('slow');
    await Bun.sleep(50);
    expect(task.state.rounds).toBe(1);
    release();
    await eventually(() => task.state.rounds === 2);
    await Bun.sleep(100);
    expect(task.state.rounds).toBe(2);
    expect(task.state.maxRunning).toBe(1);
  });

  test('stop() waits for the current round to finish, then no round starts again', async () => {
    let release = () => {};
    let isRoundFinished = false;
    const task = countingTask('stoppable', {
      answer: async () => {
        await new Promise<void>((resolve) => (release = resolve));
        isRoundFinished = true;
        return { handled: 1, isBatchFull: true };
      },
    });
    const { worker } = startWorker([task.task]);
    await eventually(() => task.state.rounds === 1);
    let isStopped = false;
    const stopping = worker.stop().then(() => {
      isStopped = true;
    });
    await Bun.sleep(50);
    expect(isStopped).toBe(false);
    release();
    await stopping;
    expect(isRoundFinished).toBe(true);
    await Bun.sleep(50);
    // The round said "full batch", but the worker was stopping: no other round.
    expect(task.state.rounds).toBe(1);
  });

  test('a throwing task is logged and backs off (NOTIFYs do not hurry it); other tasks keep running', async () => {
    const channel = uniqueChannel();
    const startedAt: number[] = [];
    const failing = countingTask('failing', {
      wakeChannel: channel,
      answer: async (round) => {
        startedAt.push(performance.now());
        if (round <= 3) throw new Error(`round ${round} broke`);
        return { handled: 0, isBatchFull: false };
      },
    });
    const healthy = countingTask('healthy', { intervalMs: 10 });
    const { log } = startWorker([failing.task, healthy.task], { backoffMs: { first: 100, max: 400 } });
    await eventually(() => failing.state.rounds === 1);
    // Backing off: wake-ups are ignored until the wait is over.
    for (let index = 0; index < 10; index++) await sql`select pg_notify(${channel}, '')`;
    // 100 ms, then 200 ms, then the fourth round works.
    await eventually(() => failing.state.rounds === 4, 3_000);
    // Measured between the rounds' starts (each failed at once), so a slow machine cannot fail it: a
    // wake-up that hurried a round would start it within milliseconds of the failure before it.
    const gaps = startedAt.slice(1, 4).map((at, index) => at - (startedAt[index] ?? at));
    expect(gaps.map((gap, index) => gap >= [100, 200, 400][index]! - 5)).toEqual([true, true, true]);
    expect(log.lines.filter((line) => line.startsWith("ERROR worker: a round of 'failing' failed"))).toEqual([
      "ERROR worker: a round of 'failing' failed (1 in a row); next try in 100 ms: round 1 broke",
      "ERROR worker: a round of 'failing' failed (2 in a row); next try in 200 ms: round 2 broke",
      "ERROR worker: a round of 'failing' failed (3 in a row); next try in 400 ms: round 3 broke",
    ]);
    expect(healthy.state.rounds).toBeGreaterThan(10);
  });

  test('after the database drops the LISTEN connection, the worker listens again and NOTIFY wakes it', async () => {
    const proxy = createDatabaseProxy(process.env.DATABASE_URL ?? '');
    await proxy.start();
    const proxiedUrl = proxy.urlFor(new URL(process.env.DATABASE_URL ?? ''));
    const channel = uniqueChannel();
    const task = countingTask('listener', { wakeChannel: channel });
    try {
      const { log } = startWorker([task.task], {
        openListenConnection: () => createSql(proxiedUrl, { max: 1 }),
        listenCheckMs: 150,
        listenPingTimeoutMs: 300,
      });
      await eventually(() => task.state.rounds >= 2);
      // The database goes away for a moment: postgres.js's own re-LISTEN fails and gives up.
      await proxy.stop();
      await Bun.sleep(400);
      await proxy.start();
      await eventually(
        () => log.lines.some((line) => line.includes('reconnecting') || line.includes('LISTEN failed')),
        8_000,
      );
      const listening = task.state.rounds;
      await eventually(() => task.state.rounds > listening, 8_000);
      const before = task.state.rounds;
      await sql`select pg_notify(${channel}, '')`;
      await eventually(() => task.state.rounds > before, 2_000);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      workers = [];
      await proxy.stop();
    }
  }, 30_000);
});
