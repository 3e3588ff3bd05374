import type { Sql } from 'postgres';
import type { Config } from '../config.ts';
import { createWakeListener, type WakeListener } from '../db/listener.ts';
import { createSql } from '../db/postgres.ts';
import type { Logger } from '../log.ts';
import type { WorkerContext, WorkerTask } from './task.ts';

export type WorkerOptions = {
  tasks: readonly WorkerTask[];
  config: Config;
  log: Logger;
  /** The pool LISTEN health pings go through (tasks use their own queries' pool). */
  sql: Sql;
  /** Opens the LISTEN connection; default: a one-connection pool on DATABASE_URL. */
  openListenConnection?: () => Sql;
  /** Waits after failed rounds: `first`, doubling per failure in a row, at most `max`. */
  backoffMs?: { first: number; max: number };
  /** How often the LISTEN connection proves it still hears notifications, and how long its ping may take. */
  listenCheckMs?: number;
  listenPingTimeoutMs?: number;
};

export type Worker = {
  /** Starts every task's loop (each runs a first round at once) and the LISTEN connection. */
  start: () => void;
  /** Stops: no new rounds, the current ones finish, the LISTEN connection is closed. */
  stop: () => Promise<void>;
  /** Runs a task's next round now (what a NOTIFY on its channel does). */
  wake: (taskName: string) => void;
};

export const DEFAULT_WORKER_BACKOFF_MS = { first: 1_000, max: 60_000 };

type TaskLoop = { task: WorkerTask; wake: () => void; done: Promise<void> };

/**
 * Runs background tasks, each in its own loop: a round, then a wait of the task's interval, cut
 * short by a NOTIFY on its channel (a NOTIFY during a round makes the next one start at once).
 * A round that reports a full batch runs again at once. A round of one task never overlaps
 * another round of the same task in this worker. A failed round is logged and the task waits
 * (1 s, 2 s, 4 s, ... up to a minute) instead of spinning, ignoring NOTIFYs until then.
 */
export function createWorker(options: WorkerOptions): Worker {
  const backoff = options.backoffMs ?? DEFAULT_WORKER_BACKOFF_MS;
  const controller = new AbortController();
  const context: WorkerContext = { config: options.config, log: options.log, signal: controller.signal };
  const loops = new Map<string, TaskLoop>();
  let listener: WakeListener | null = null;
  let stopping: Promise<void> | null = null;

  for (const task of options.tasks) {
    if (loops.has(task.name)) throw new Error(`two worker tasks are named '${task.name}'`);
  }

  function startLoop(task: WorkerTask): TaskLoop {
    let isWakeRequested = false;
    let wakeSleep: (() => void) | null = null;

    /** Waits `ms`, or less when stopping, or (if wakeable) when woken. */
    const sleep = (ms: number, isWakeable: boolean) =>
      new Promise<void>((resolve) => {
        if (controller.signal.aborted || (isWakeable && isWakeRequested)) return resolve();
        const finish = () => {
          clearTimeout(timer);
          controller.signal.removeEventListener('abort', finish);
          wakeSleep = null;
          resolve();
        };
        const timer = setTimeout(finish, ms);
        controller.signal.addEventListener('abort', finish);
        if (isWakeable) wakeSleep = finish;
      });

    const wake = () => {
      isWakeRequested = true;
      wakeSleep?.();
    };

    const run = async () => {
      let failures = 0;
      while (!controller.signal.aborted) {
        isWakeRequested = false;
        let waitMs = task.intervalMs;
        let isWakeable = true;
        try {
          const result = await task.run(context);
          failures = 0;
          if (result.isBatchFull) waitMs = 0;
        } catch (error) {
          failures += 1;
          waitMs = Math.min(backoff.first * 2 ** (failures - 1), backoff.max);
          isWakeable = false;
          options.log.error(
            `worker: a round of '${task.name}' failed (${failures} in a row); next try in ${waitMs} ms`,
            error,
          );
        }
        if (waitMs === 0) {
          // A full batch: go again, but let timers and I/O of the process run first.
          await new Promise<void>((resolve) => setImmediate(resolve));
          continue;
        }
        await sleep(waitMs, isWakeable);
      }
    };
    return { task, wake, done: run() };
  }

  const wakeChannel = (channel: string) => {
    for (const loop of loops.values()) if (loop.task.wakeChannel === channel) loop.wake();
  };

  return {
    start: () => {
      if (loops.size > 0 || controller.signal.aborted) return;
      for (const task of options.tasks) loops.set(task.name, startLoop(task));
      const channels = [
        ...new Set(options.tasks.flatMap((task) => (task.wakeChannel ? [task.wakeChannel] : []))),
      ];
      if (channels.length === 0) return;
      listener = createWakeListener({
        channels,
        open: options.openListenConnection ?? (() => createSql(options.config.databaseUrl, { max: 1 })),
        pool: options.sql,
        onWake: wakeChannel,
        log: options.log,
        checkMs: options.listenCheckMs,
        pingTimeoutMs: options.listenPingTimeoutMs,
      });
      listener.start();
    },
    stop: () => {
      stopping ??= (async () => {
        controller.abort();
        await Promise.all([...loops.values()].map((loop) => loop.done));
        await listener?.stop();
      })();
      return stopping;
    },
    wake: (taskName) => loops.get(taskName)?.wake(),
  };
}
