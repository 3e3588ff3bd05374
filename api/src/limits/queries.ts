import type { PendingQuery, Row } from 'postgres';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';

/** One budget's cell as a take spends it: the key, the caller's clock, the interval it moves on and the window. */
export type RateCell = { key: string; now: number; intervalMs: number; windowMs: number };

/**
 * One budget's cell in a single statement: moves the key's arrival time on by `intervalMs` when the
 * result stays within `windowMs` of now, and answers the new time; no row (nothing changed) when the
 * budget is spent. The row lock of ON CONFLICT makes concurrent takes of one key apply one after the
 * other. As the body of a data-modifying CTE, a write's first statement spends its budget without a
 * round trip of its own; `when` (a condition over nothing but constants and subqueries) spends it
 * only when it holds.
 */
export function rateCellTake(cell: RateCell, when: PendingQuery<Row[]> | null = null): PendingQuery<Row[]> {
  const now = new Date(cell.now).toISOString();
  const reachMs = cell.windowMs + clockAllowanceMs(cell.intervalMs);
  return sql`
    insert into rate_limits as r (key, tat)
    select ${cell.key}, ${now}::timestamptz + ${cell.intervalMs} * interval '1 millisecond'
    ${when === null ? sql`` : sql`where ${when}`}
    on conflict (key) do update
      set tat = greatest(r.tat, ${now}::timestamptz) + ${cell.intervalMs} * interval '1 millisecond'
      where greatest(r.tat, ${now}::timestamptz) + ${cell.intervalMs} * interval '1 millisecond'
            <= ${now}::timestamptz + ${reachMs} * interval '1 millisecond'
    returning tat`;
}

/**
 * How far a take's clock may be behind that of a take applied before it. Concurrent takes of one
 * key read the clock when their request starts but apply in the order they get the row lock, so
 * the last of a burst spent at once can carry a clock a few milliseconds older than the one before
 * it, and was refused. Under half an interval, the allowance never lets through an action beyond
 * the budget; a quarter of a second is below what Retry-After (whole seconds) can say.
 */
export function clockAllowanceMs(intervalMs: number): number {
  return Math.min(intervalMs / 2, 250);
}

/** Spends one budget's cell (rateCellTake) on its own: whether it was taken. */
export async function takeRateCell(db: Db, cell: RateCell): Promise<boolean> {
  const rows = await db<{ tat: string }[]>`${rateCellTake(cell)}`;
  return rows.length > 0;
}

/** The keys' arrival times, locked until the transaction ends (rows created first where missing). */
export async function selectRateCellsForUpdate(
  db: Db,
  keys: readonly string[],
): Promise<Map<string, number>> {
  await db`
    insert into rate_limits (key, tat) select unnest(${keys}::text[]), 'epoch'::timestamptz
    on conflict (key) do nothing`;
  const rows = await db<{ key: string; tat: string }[]>`
    select key, tat from rate_limits where key = any(${keys}::text[]) order by key for update`;
  return new Map(rows.map((row) => [row.key, Date.parse(row.tat)]));
}

/** Sets the keys' arrival times (after selectRateCellsForUpdate in the same transaction). */
export async function updateRateCells(db: Db, cells: ReadonlyMap<string, number>): Promise<void> {
  const keys = [...cells.keys()];
  const times = keys.map((key) => new Date(cells.get(key) ?? 0).toISOString());
  // An upsert: the cleanup task may have deleted a fresh row before it was locked.
  await db`
    insert into rate_limits (key, tat)
    select * from unnest(${keys}::text[], ${times}::text[]::timestamptz[])
    on conflict (key) do update set tat = excluded.tat`;
}

/** A key's arrival time in milliseconds, or null without a row. */
export async function selectRateCell(db: Db, key: string): Promise<number | null> {
  const [row] = await db<{ tat: string }[]>`select tat from rate_limits where key = ${key}`;
  return row ? Date.parse(row.tat) : null;
}

/** Forgets keys (a success that clears a budget, such as a password reset for its account's sign-ins). */
export async function deleteRateCells(db: Db, keys: readonly string[]): Promise<void> {
  await db`delete from rate_limits where key = any(${keys}::text[])`;
}
