import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';

/** What a task's round gets from the worker that runs it. */
export type WorkerContext = {
  config: Config;
  log: Logger;
  /** Aborted when the worker stops: a round should finish its current item and return. */
  signal: AbortSignal;
};

/**
 * One kind of background work (outbox delivery, SLA watch, auto assignment, cleanup). Any number
 * of workers may run the same task at once, in one process or many: a round must claim its rows
 * with `for update skip locked` (or an equivalent unique insert) so no item is done twice.
 */
export type WorkerTask = {
  name: string;
  /** How long to wait between rounds when nothing wakes the task earlier. */
  intervalMs: number;
  /** A PostgreSQL NOTIFY channel that wakes the task at once (say, a new outbox row), if any. */
  wakeChannel?: string;
  /** Runs one round and says how many items it handled; a round that handled a full batch runs again at once. */
  run: (context: WorkerContext) => Promise<{ handled: number; isBatchFull: boolean }>;
};
