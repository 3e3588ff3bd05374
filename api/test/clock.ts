/**
 * For tests whose expectation names a UTC day ("resolved today", today's row, the window's last
 * day): PostgreSQL's now() and current_date cannot be faked, and a UTC midnight that passes
 * between the moment a test sets things up (or reads "before") and the moment the server reads
 * them changes what "today" means, so such a test could only be exact on one side of it.
 */
import type { Sql } from 'postgres';

const DAY_MS = 86_400_000;

/** The margin callers wait out: far longer than any of the guarded stretches takes. */
export const MIDNIGHT_MARGIN_MS = 10_000;

/**
 * Returns at once unless the database's clock is less than `marginMs` before a UTC midnight; then
 * waits until that midnight has passed. What the caller does in the next `marginMs` then happens
 * on one UTC day. The caller's test or hook needs a timeout longer than `marginMs` plus its work.
 */
export async function clearOfUtcMidnight(db: Sql, marginMs = MIDNIGHT_MARGIN_MS): Promise<void> {
  for (;;) {
    // The database's clock, not this process's: it is the one that decides the day.
    const [row] = await db<{ ms: number }[]>`
      select extract(epoch from clock_timestamp())::float8 * 1000 as ms`;
    const untilMidnight = DAY_MS - ((row?.ms ?? Date.now()) % DAY_MS);
    if (untilMidnight >= marginMs) return;
    await Bun.sleep(untilMidnight + 50);
  }
}
