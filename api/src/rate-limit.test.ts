import { describe, expect, test } from 'bun:test';
import { FailureLimiter } from './rate-limit.ts';

describe('FailureLimiter', () => {
  test('blocks a key at the limit until its oldest counted failure leaves the window', () => {
    let now = 1_000_000;
    const limiter = new FailureLimiter(3, 60_000, () => now);
    for (let i = 0; i < 2; i++) {
      limiter.recordFailure('k');
      now += 1000;
    }
    expect(limiter.retryAfterSeconds('k')).toBe(0);
    limiter.recordFailure('k');
    expect(limiter.retryAfterSeconds('k')).toBe(58);
    expect(limiter.retryAfterSeconds('other')).toBe(0);
    now += 58_001;
    expect(limiter.retryAfterSeconds('k')).toBe(0);
  });

  test('reset clears a key', () => {
    const limiter = new FailureLimiter(1, 60_000);
    limiter.recordFailure('k');
    expect(limiter.retryAfterSeconds('k')).toBeGreaterThan(0);
    limiter.reset('k');
    expect(limiter.retryAfterSeconds('k')).toBe(0);
  });

  test('keeps only what the limit needs per key', () => {
    let now = 0;
    const limiter = new FailureLimiter(2, 10_000, () => now);
    for (let i = 0; i < 1000; i++) {
      limiter.recordFailure('k');
      now += 1;
    }
    // Blocked until the second newest failure (the oldest one counted) leaves the window.
    expect(limiter.retryAfterSeconds('k')).toBe(10);
  });
});
