import type { Db } from '../db/postgres.ts';

/** How long a failed sign-in counts against its account and address (15 minutes, docs/security.md#rate-limits-and-throttles). */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export type FailureBudget = { key: string; limit: number };

/**
 * Failed attempts per key in a sliding window, kept in PostgreSQL (migration 00037) so every API
 * process counts the same failures. `now` is the caller's clock (tests move it), passed to the SQL
 * as a parameter rather than read from the database.
 */
export class FailureLimiter {
  constructor(
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until every budget allows one more try (the longest wait), or 0 when all do. */
  async retryAfterSeconds(db: Db, budgets: readonly FailureBudget[]): Promise<number> {
    const now = this.now();
    const since = new Date(now - this.windowMs);
    const rows = await db<{ key: string; failedAt: string }[]>`
      select b.key, f.failed_at as "failedAt"
      from unnest(${budgets.map((budget) => budget.key)}::text[], ${budgets.map((budget) => budget.limit)}::int[])
        as b(key, lim)
      cross join lateral (
        -- The limit-th newest failure in the window: while it is there, the key waits for it to leave.
        select failed_at from login_failures
        where key = b.key and failed_at > ${since}
        order by failed_at desc
        offset b.lim - 1 limit 1
      ) f`;
    let wait = 0;
    for (const row of rows) {
      wait = Math.max(wait, Math.ceil((Date.parse(row.failedAt) + this.windowMs - now) / 1000), 1);
    }
    return wait;
  }

  /** Counts one failure against each key, and drops the keys' failures the window has passed. */
  async recordFailure(db: Db, keys: readonly string[]): Promise<void> {
    const now = new Date(this.now());
    const since = new Date(this.now() - this.windowMs);
    await db`
      with added as (
        insert into login_failures (key, failed_at) select unnest(${keys}::text[]), ${now}
      )
      delete from login_failures where key = any(${keys}::text[]) and failed_at <= ${since}`;
  }

  /** How many failures a key has in the window. */
  async count(db: Db, key: string): Promise<number> {
    const since = new Date(this.now() - this.windowMs);
    const [row] = await db<{ count: number }[]>`
      select count(*)::int as count from login_failures where key = ${key} and failed_at > ${since}`;
    return row?.count ?? 0;
  }

  /** Forgets a key's failures (it succeeded). */
  async reset(db: Db, key: string): Promise<void> {
    await db`delete from login_failures where key = ${key}`;
  }

  /** Forgets these keys' failures, and those of every key that starts with `prefix` when given. */
  async forget(db: Db, keys: readonly string[], prefix?: string): Promise<void> {
    await db`
      delete from login_failures
      where key = any(${keys}::text[]) or (${prefix ?? null}::text is not null and starts_with(key, ${prefix ?? ''}))`;
  }
}
