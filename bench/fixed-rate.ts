/**
 * Latency at a fixed offered load (open loop): requests leave on a schedule whatever the server
 * does, and each latency is measured from when the request was due, not when it left, so a stall
 * counts against every request it delayed (no coordinated omission). Runs in its own process so the
 * runner's work never delays the schedule.
 * `bun bench/fixed-rate.ts <plan.json>` prints one JSON line: { sent, ok, errors, p50Ms, p90Ms, p99Ms, maxMs }.
 */
import { readFileSync } from 'node:fs';

export type FixedRatePlan = {
  baseUrl: string;
  rate: number;
  seconds: number;
  /** Not measured: lets pools, caches and JIT settle first. */
  warmupSeconds: number;
  /** Cycled in order. */
  requests: { method: string; path: string; headers: Record<string, string>; body?: string }[];
  /** Most requests allowed in flight before the run counts the rest as errors (a dead server ends quickly). */
  maxInFlight: number;
};

export type FixedRateResult = {
  sent: number;
  ok: number;
  errors: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  achievedRate: number;
};

/** The q-quantile of sorted values (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export async function runFixedRate(plan: FixedRatePlan): Promise<FixedRateResult> {
  const total = Math.round(plan.rate * (plan.warmupSeconds + plan.seconds));
  const warmup = Math.round(plan.rate * plan.warmupSeconds);
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;
  let inFlight = 0;
  let sent = 0;
  const start = performance.now() + 50;
  const pending: Promise<void>[] = [];

  const fire = (index: number, dueAt: number) => {
    const request = plan.requests[index % plan.requests.length];
    if (!request) return;
    const isMeasured = index >= warmup;
    if (inFlight >= plan.maxInFlight) {
      if (isMeasured) errors++;
      return;
    }
    inFlight++;
    sent++;
    const done = fetch(`${plan.baseUrl}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    })
      .then(async (response) => {
        await response.arrayBuffer();
        if (!isMeasured) return;
        if (response.ok) ok++;
        else errors++;
        latencies.push(performance.now() - dueAt);
      })
      .catch(() => {
        if (isMeasured) errors++;
      })
      .finally(() => {
        inFlight--;
      });
    pending.push(done);
  };

  let next = 0;
  while (next < total) {
    const now = performance.now();
    // Everything due by now leaves now; the loop then sleeps until the next one is due.
    while (next < total && start + (next * 1000) / plan.rate <= now) {
      fire(next, start + (next * 1000) / plan.rate);
      next++;
    }
    const wait = start + (next * 1000) / plan.rate - performance.now();
    await Bun.sleep(Math.max(0, Math.min(wait, 5)));
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  const measured = total - warmup;
  return {
    sent,
    ok,
    errors,
    p50Ms: quantile(latencies, 0.5),
    p90Ms: quantile(latencies, 0.9),
    p99Ms: quantile(latencies, 0.99),
    maxMs: latencies.at(-1) ?? Number.NaN,
    achievedRate: measured / plan.seconds,
  };
}

if (import.meta.main) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: bun bench/fixed-rate.ts <plan.json>');
    process.exit(2);
  }
  const plan: FixedRatePlan = JSON.parse(readFileSync(file, 'utf8'));
  console.log(JSON.stringify(await runFixedRate(plan)));
}
