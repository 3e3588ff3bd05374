import { describe, expect, test } from 'bun:test';
import { sql } from '../../test/helpers.ts';
import { FailureLimiter } from './failure-limiter.ts';

const key = (name: string) => `test:${name}:${crypto.randomUUID()}`;

describe('FailureLimiter (PostgreSQL)', () => {
  test('blocks a key at the limit until its oldest counted failure leaves the window', async () => {
    let now = Date.parse('2026-11-22T10:00:00Z');
    const limiter = new FailureLimiter(60_000, () => now);
    const k = key('limit');
    for (let i = 0; i < 2; i++) {
      await limiter.recordFailure(sql, [k]);
      now += 1000;
    }
    expect(await limiter.retryAfterSeconds(sql, [{ key: k, limit: 3 }])).toBe(0);
    await limiter.recordFailure(sql, [k]);
    expect(await limiter.retryAfterSeconds(sql, [{ key: k, limit: 3 }])).toBe(58);
    expect(await limiter.retryAfterSeconds(sql, [{ key: key('other'), limit: 3 }])).toBe(0);
    now += 58_001;
    expect(await limiter.retryAfterSeconds(sql, [{ key: k, limit: 3 }])).toBe(0);
  });

  test('two API processes count the same failures (each its own limiter on one database)', async () => {
    const first = new FailureLimiter(60_000);
    const second = new FailureLimiter(60_000);
    const k = key('shared');
    await first.recordFailure(sql, [k]);
    await second.recordFailure(sql, [k]);
    expect(await first.retryAfterSeconds(sql, [{ key: k, limit: 2 }])).toBeGreaterThan(0);
    expect(await second.retryAfterSeconds(sql, [{ key: k, limit: 2 }])).toBeGreaterThan(0);
  });

  test('the longest wait of several budgets decides; reset clears one key', async () => {
    let now = Date.parse('2026-11-22T10:00:00Z');
    const limiter = new FailureLimiter(60_000, () => now);
    const account = key('account');
    const ip = key('ip');
    await limiter.recordFailure(sql, [account, ip]);
    now += 10_000;
    await limiter.recordFailure(sql, [ip]);
    const budgets = [
      { key: account, limit: 1 },
      { key: ip, limit: 2 },
    ];
    expect(await limiter.retryAfterSeconds(sql, budgets)).toBe(50);
    await limiter.reset(sql, account);
    expect(await limiter.retryAfterSeconds(sql, budgets)).toBe(50);
    expect(await limiter.retryAfterSeconds(sql, [{ key: account, limit: 1 }])).toBe(0);
  });

  test("a key's failures older than the window are deleted when it fails again", async () => {
    let now = Date.parse('2026-11-22T10:00:00Z');
    const limiter = new FailureLimiter(10_000, () => now);
    const k = key('trim');
    for (let i = 0; i < 5; i++) {
      await limiter.recordFailure(sql, [k]);
      now += 4_000;
    }
    const [row] = await sql<
      { count: number }[]
    >`select count(*)::int as count from login_failures where key = ${k}`;
    expect(row?.count).toBe(3);
  });

  test('hostile keys are data, never SQL', async () => {
    const limiter = new FailureLimiter(60_000);
    const hostile = `x'); delete from login_failures; --${crypto.randomUUID()}`;
    const other = key('bystander');
    await limiter.recordFailure(sql, [other]);
    await limiter.recordFailure(sql, [hostile]);
    expect(await limiter.retryAfterSeconds(sql, [{ key: hostile, limit: 1 }])).toBeGreaterThan(0);
    expect(await limiter.retryAfterSeconds(sql, [{ key: other, limit: 1 }])).toBeGreaterThan(0);
  });
});
