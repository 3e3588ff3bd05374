import { createSql } from '../src/db/postgres.ts';
import { startProcessCaches } from '../src/process-caches.ts';
import { eventually } from './eventually.ts';
import { testConfig } from './helpers.ts';

/**
 * Starts this process's caches as production runs them, with entries that would live a minute (so
 * only the invalidations can make a test see a change in time), and waits until `isListening` says
 * they hear the database. Returns what stops them.
 */
export async function startListeningCaches(isListening: () => boolean): Promise<() => Promise<void>> {
  const listener = startProcessCaches({
    ttlMs: 60_000,
    open: () => createSql(testConfig.databaseUrl, { max: 1 }),
    log: { info: () => {}, error: () => {} },
  });
  await eventually(async () => isListening(), 3_000, 'the caches listening');
  return async () => {
    await listener?.stop();
  };
}
