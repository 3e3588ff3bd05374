import { afterAll, describe, expect, test } from 'bun:test';
import { createSql, type Db } from '../db/postgres.ts';
import { RateLimiter } from './limiter.ts';
import { rateCellTake } from './queries.ts';

const db = createSql(process.env.DATABASE_URL ?? '', { max: 8 });
afterAll(() => db.end());

const MINUTE = 60_000;
const key = (name: string) => `test:${name}:${crypto.randomUUID()}`;

/** A limiter on a clock the test moves. */
function limiterAt(start: number, scale = 1) {
  const clock = { now: start };
  return {
    clock,
    limiter: new RateLimiter(
      () => scale,
      () => clock.now,
    ),
  };
}

describe('rate limiter', () => {
  test('a budget of 5 a minute allows 5 at once, then refuses with the wait until the next one', async () => {
    const { clock, limiter } = limiterAt(Date.now());
    const budget = { key: key('burst'), limit: 5, windowMs: MINUTE };
    for (let i = 0; i < 5; i++) expect(await limiter.take(db, [budget])).toBe(0);
    expect(await limiter.take(db, [budget])).toBe(12);
    clock.now += 11_000;
    expect(await limiter.take(db, [budget])).toBe(1);
    clock.now += 1_000;
    expect(await limiter.take(db, [budget])).toBe(0);
    expect(await limiter.take(db, [budget])).toBeGreaterThan(0);
    // A whole window later the whole burst is there again.
    clock.now += MINUTE;
    for (let i = 0; i < 5; i++) expect(await limiter.take(db, [budget])).toBe(0);
    expect(await limiter.take(db, [budget])).toBeGreaterThan(0);
  });

  test('the last take of a burst may carry a clock a little older than the take applied before it', async () => {
    for (const spend of ['one budget', 'several budgets'] as const) {
      const { clock, limiter } = limiterAt(Date.now());
      const budget = { key: key('late-clock'), limit: 5, windowMs: 10 * MINUTE };
      const budgets =
        spend === 'one budget' ? [budget] : [budget, { key: key('other'), limit: 50, windowMs: MINUTE }];
      clock.now += 40;
      for (let i = 0; i < 4; i++) expect(await limiter.take(db, budgets)).toBe(0);
      // Its request read the clock first, but got the row last.
      clock.now -= 40;
      expect(await limiter.take(db, budgets)).toBe(0);
      // The allowance never makes room for one more.
      clock.now += 40;
      expect(await limiter.take(db, budgets)).toBe(120);
      clock.now += 2 * MINUTE - 1_000;
      expect(await limiter.take(db, budgets)).toBe(1);
    }
  });

  test('a refused request spends nothing: waiting out the first wait is enough', async () => {
    const { clock, limiter } = limiterAt(Date.now());
    const budget = { key: key('refused'), limit: 2, windowMs: MINUTE };
    await limiter.take(db, [budget]);
    await limiter.take(db, [budget]);
    const wait = await limiter.take(db, [budget]);
    for (let i = 0; i < 20; i++) expect(await limiter.take(db, [budget])).toBe(wait);
    clock.now += wait * 1000;
    expect(await limiter.take(db, [budget])).toBe(0);
  });

  test('several budgets are all or nothing, and the wait is the longest', async () => {
    const { limiter } = limiterAt(Date.now());
    const small = { key: key('small'), limit: 1, windowMs: MINUTE };
    const large = { key: key('large'), limit: 10, windowMs: MINUTE };
    expect(await limiter.take(db, [small, large])).toBe(0);
    expect(await limiter.take(db, [small, large])).toBe(60);
    // The refused request did not spend the large budget: nine are left of it.
    for (let i = 0; i < 9; i++) expect(await limiter.take(db, [large])).toBe(0);
    expect(await limiter.take(db, [large])).toBeGreaterThan(0);
  });

  test('the scale multiplies every limit', async () => {
    const { limiter } = limiterAt(Date.now(), 3);
    const budget = { key: key('scaled'), limit: 2, windowMs: MINUTE };
    for (let i = 0; i < 6; i++) expect(await limiter.take(db, [budget])).toBe(0);
    expect(await limiter.take(db, [budget])).toBeGreaterThan(0);
  });

  test('a flood of concurrent requests gets exactly the budget, one key or several', async () => {
    const { limiter } = limiterAt(Date.now());
    const one = { key: key('flood'), limit: 5, windowMs: MINUTE };
    const single = await Promise.all(Array.from({ length: 40 }, () => limiter.take(db, [one])));
    expect(single.filter((wait) => wait === 0)).toHaveLength(5);
    const a = { key: key('flood-a'), limit: 4, windowMs: MINUTE };
    const b = { key: key('flood-b'), limit: 50, windowMs: MINUTE };
    const both = await Promise.all(Array.from({ length: 40 }, () => limiter.take(db, [a, b])));
    expect(both.filter((wait) => wait === 0)).toHaveLength(4);
  });
});

describe('a rate cell', () => {
  test('is updated in place: a flood of takes of one key writes no index entry (heap-only updates)', async () => {
    // PostgreSQL's counters of this backend's updates, read before and after within one transaction.
    const cell = key('flood');
    const counters = (tx: Db) => tx<{ updated: number; heapOnly: number }[]>`
      select pg_stat_get_xact_tuples_updated('rate_limits'::regclass)::int as updated,
             pg_stat_get_xact_tuples_hot_updated('rate_limits'::regclass)::int as "heapOnly"`;
    const [before, after] = await db.begin(async (tx) => {
      const [first] = await counters(tx);
      const now = Date.now();
      for (let i = 0; i < 50; i++) {
        await tx`${rateCellTake({ key: cell, now, intervalMs: 1, windowMs: MINUTE })}`;
      }
      const [last] = await counters(tx);
      return [first, last];
    });
    // The first take inserts the row; the other 49 update it.
    expect((after?.updated ?? 0) - (before?.updated ?? 0)).toBe(49);
    expect((after?.heapOnly ?? 0) - (before?.heapOnly ?? 0)).toBe(49);
  });
});
