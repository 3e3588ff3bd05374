import type { Sql } from 'postgres';
import { sql } from '../db.ts';
import type { WorkerTask } from '../worker/task.ts';
import { isViewWindowStale, rollViewWindow } from './view-window.ts';

/**
 * How often the worker looks whether a day has passed: one read of the window's single row. After a
 * UTC midnight the popular rule counts the day that left the window for at most this long.
 */
export const VIEW_WINDOW_CHECK_MS = 60_000;

/** Moves the popularity window when a day has passed since it last moved; says whether it moved. */
export async function runViewWindowRound(db: Sql = sql): Promise<{ handled: number; isBatchFull: boolean }> {
  if (!(await isViewWindowStale(db))) return { handled: 0, isBatchFull: false };
  await db.begin((tx) => rollViewWindow(tx));
  return { handled: 1, isBatchFull: false };
}

/**
 * The popularity window's daily move as a worker task, so a knowledge base read never writes it.
 * Any number of workers may run it: the move locks the window row and a second mover finds it current.
 */
export const viewWindowTask: WorkerTask = {
  name: 'kb-view-window',
  intervalMs: VIEW_WINDOW_CHECK_MS,
  run: () => runViewWindowRound(),
};
