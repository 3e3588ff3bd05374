import { readRateLimitScale } from '../config.ts';
import type { Db } from '../db/postgres.ts';
import { type ApiError, tooManyRequests } from '../errors.ts';
import { type Budget, RateLimiter } from './limiter.ts';
import type { RateCell } from './queries.ts';

let scale = readRateLimitScale(process.env);

/** Sets RATE_LIMIT_SCALE for this process (the app's config, or a test's own). */
export function setRateLimitScale(value: number): void {
  scale = value;
}

/** A count limit (not a rate) with RATE_LIMIT_SCALE applied, at least 1. */
export function scaledCount(limit: number): number {
  return Math.max(1, Math.round(limit * scale));
}

/** The process's limiter: every API process and the worker spend the same budgets in PostgreSQL. */
export const rateLimiter = new RateLimiter(() => scale);

/**
 * Spends one action of each budget, or refuses with 429, Retry-After and the message for that wait,
 * spending nothing.
 */
export async function enforceRateLimit(
  db: Db,
  budgets: readonly Budget[],
  message: (waitSeconds: number) => string,
): Promise<void> {
  const wait = await rateLimiter.take(db, budgets);
  if (wait > 0) throw tooManyRequests(wait, message(wait));
}

/** Spends `count` actions of one budget at once, or refuses with 429 like enforceRateLimit, spending nothing. */
export async function enforceRateLimitOf(
  db: Db,
  budget: Budget,
  count: number,
  message: (waitSeconds: number) => string,
): Promise<void> {
  const wait = await rateLimiter.takeMany(db, budget, count);
  if (wait > 0) throw tooManyRequests(wait, message(wait));
}

/** Spends one action of each budget when they all allow it: true; otherwise false, spending nothing. */
export async function tryRateLimit(db: Db, budgets: readonly Budget[]): Promise<boolean> {
  return (await rateLimiter.take(db, budgets)) === 0;
}

/** One action of a budget as a cell a write's own statement spends (rateCellTake). */
export function rateCellOf(budget: Budget): RateCell {
  return rateLimiter.cellOf(budget);
}

/**
 * The 429 for a cell a statement could not spend, with Retry-After and the message for that wait
 * (enforceRateLimit's refusal): nothing was spent.
 */
export async function rateRefusal(
  db: Db,
  cell: RateCell,
  message: (waitSeconds: number) => string,
): Promise<ApiError> {
  const wait = await rateLimiter.waitAfterRefusal(db, cell);
  return tooManyRequests(wait, message(wait));
}
