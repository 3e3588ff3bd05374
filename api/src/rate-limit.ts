/**
 * Counts failures per key in a sliding window and says how long a key must wait once it reached
 * the limit. In-memory on purpose: correct for the one API process this product runs; several
 * API processes would each keep their own counts, so move this to PostgreSQL before scaling out.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string, now: number): number[] {
    const times = (this.failures.get(key) ?? []).filter((time) => time > now - this.windowMs);
    if (times.length) this.failures.set(key, times);
    else this.failures.delete(key);
    return times;
  }

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfterSeconds(key: string): number {
    const now = this.now();
    const times = this.recent(key, now);
    if (times.length < this.limit) return 0;
    const oldestCounted = times[times.length - this.limit] ?? now;
    return Math.max(1, Math.ceil((oldestCounted + this.windowMs - now) / 1000));
  }

  recordFailure(key: string): void {
    const now = this.now();
    const times = this.recent(key, now);
    times.push(now);
    // Keep only what the limit needs, so one key cannot grow without bound.
    this.failures.set(key, times.slice(-this.limit));
    if (this.failures.size > 50_000) this.sweep(now);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private sweep(now: number): void {
    for (const key of [...this.failures.keys()]) this.recent(key, now);
  }
}
