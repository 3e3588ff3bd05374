import { readRateLimitScale } from '../config.ts';
import type { Db } from '../db/postgres.ts';
import { tooManyRequests } from '../errors.ts';
import { type Budget, RateLimiter } from './limiter.ts';

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
