/**
 * Latency at a fixed offered load (open loop): requests leave on a schedule whatever the server
 * does, and each latency is measured from when the request was due, not when it left, so a stall
 * counts against every request it delayed (no coordinated omission). Runs in its own process so the
 * runner's work never delays the schedule, and speaks HTTP/1.1 over keep-alive sockets of its own
 * (lib/http1.ts): `fetch` cost the generator more CPU per request than the cached reads cost the API.
 * `bun bench/fixed-rate.ts <plan.json>` prints one JSON line: FixedRateResult.
 */
import { readFileSync } from 'node:fs';
import type { Socket } from 'bun';
import { encodeRequest, type ResponseEnd, responseEnd } from './lib/http1.ts';

export type FixedRatePlan = {
  baseUrl: string;
  rate: number;
  seconds: number;
  /** Not measured: lets pools, caches and JIT settle first. */
  warmupSeconds: number;
  /** Cycled in order. */
  requests: { method: string; path: string; headers: Record<string, string>; body?: string }[];
  /**
   * Connections at most, each with one request in flight. A request due while all are busy waits
   * for the first to come free (its latency still counts from when it was due); one that would wait
   * behind a whole second of the schedule is refused, so a server that stops answering ends the run.
   */
  maxInFlight: number;
  /** How long answers still outstanding when the schedule ends are waited for (default 10 s). */
  drainMs?: number;
};

export type FixedRateResult = {
  sent: number;
  ok: number;
  /** Measured requests that failed: the three kinds below. */
  errors: number;
  /** Not sent: a second of the schedule was already waiting for a connection. */
  refused: number;
  /** Answered with a status other than 2xx. */
  non2xx: number;
  /** The connection failed before the whole answer arrived. */
  broken: number;
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

type Job = { bytes: Uint8Array; dueAt: number; isMeasured: boolean; isRetry: boolean };

type Connection = {
  socket: Socket<undefined> | null;
  /** What has arrived of the current response (a copy: the socket reuses its buffers). */
  received: Buffer | null;
  job: Job | null;
  /** Bytes of the current request the socket has not taken yet. */
  unwritten: Uint8Array | null;
  served: number;
  isDead: boolean;
};

export async function runFixedRate(plan: FixedRatePlan): Promise<FixedRateResult> {
  const total = Math.round(plan.rate * (plan.warmupSeconds + plan.seconds));
  const warmup = Math.round(plan.rate * plan.warmupSeconds);
  const target = new URL(plan.baseUrl);
  if (target.protocol !== 'http:') throw new Error(`plain HTTP only: ${plan.baseUrl}`);
  const hostname = target.hostname;
  const port = Number(target.port || 80);
  const encoded = plan.requests.map((request) => encodeRequest(target.host, request));
  const latencies: number[] = [];
  let ok = 0;
  let refused = 0;
  let non2xx = 0;
  let broken = 0;
  let inFlight = 0;
  let sent = 0;
  // Most recently used first: connections the server has timed out sink to the bottom unused.
  const idle: Connection[] = [];
  const everyConnection = new Set<Connection>();
  // Due while every connection was busy, oldest first (a queue read from `backlogStart`).
  let backlog: Job[] = [];
  let backlogStart = 0;
  const maxBacklog = Math.max(1, Math.round(plan.rate));
  let whenDrained: (() => void) | null = null;

  const settle = (job: Job, status: number | null) => {
    if (job.isMeasured) {
      if (status === null) broken++;
      else if (status >= 200 && status < 300) ok++;
      else non2xx++;
      if (status !== null) latencies.push(performance.now() - job.dueAt);
    }
    const waiting = backlog[backlogStart];
    if (waiting) {
      backlogStart++;
      if (backlogStart === backlog.length) {
        backlog = [];
        backlogStart = 0;
      }
      dispatch(waiting);
      return;
    }
    inFlight--;
    if (inFlight === 0) whenDrained?.();
  };

  const write = (connection: Connection) => {
    const { socket, unwritten } = connection;
    if (!socket || !unwritten) return;
    const written = socket.write(unwritten);
    connection.unwritten = written >= unwritten.byteLength ? null : unwritten.subarray(Math.max(0, written));
  };

  const send = (connection: Connection, job: Job) => {
    connection.job = job;
    connection.received = null;
    connection.unwritten = job.bytes;
    write(connection);
  };

  const retire = (connection: Connection) => {
    if (connection.isDead) return;
    connection.isDead = true;
    everyConnection.delete(connection);
    connection.socket?.end();
    const job = connection.job;
    connection.job = null;
    if (!job) return;
    // A kept-alive connection the server closed just as the request left: sent again once, on a new
    // connection, as browsers do. Anything else (a reset mid-response, a refused connection) is an error.
    if (connection.served > 0 && connection.received === null && !job.isRetry) {
      dispatch({ ...job, isRetry: true });
    } else settle(job, null);
  };

  const onData = (connection: Connection, chunk: Buffer) => {
    if (!connection.job) return retire(connection);
    connection.received =
      connection.received === null ? Buffer.from(chunk) : Buffer.concat([connection.received, chunk]);
    let end: ResponseEnd | null;
    try {
      end = responseEnd(connection.received);
    } catch {
      return retire(connection);
    }
    if (end === null) return;
    const job = connection.job;
    const hasExtra = end.end < connection.received.byteLength;
    connection.job = null;
    connection.received = null;
    connection.served++;
    // Free before the answer is counted, so a request waiting for a connection takes this one.
    if (end.isClosing || hasExtra) retire(connection);
    else idle.push(connection);
    settle(job, end.status);
  };

  const open = (job: Job) => {
    const connection: Connection = {
      socket: null,
      received: null,
      job,
      unwritten: null,
      served: 0,
      isDead: false,
    };
    everyConnection.add(connection);
    Bun.connect({
      hostname,
      port,
      socket: {
        open: (socket) => {
          connection.socket = socket;
          const pending = connection.job;
          if (pending) send(connection, pending);
        },
        data: (_socket, chunk) => onData(connection, chunk),
        drain: () => write(connection),
        close: () => retire(connection),
        error: () => retire(connection),
        connectError: () => retire(connection),
      },
    }).catch(() => retire(connection));
  };

  const dispatch = (job: Job) => {
    let connection = idle.pop();
    while (connection?.isDead) connection = idle.pop();
    if (connection) send(connection, job);
    else open(job);
  };

  const fire = (index: number, dueAt: number) => {
    const bytes = encoded[index % encoded.length];
    if (!bytes) return;
    const isMeasured = index >= warmup;
    const job = { bytes, dueAt, isMeasured, isRetry: false };
    if (inFlight < plan.maxInFlight) {
      inFlight++;
      sent++;
      dispatch(job);
    } else if (backlog.length - backlogStart < maxBacklog) {
      sent++;
      backlog.push(job);
    } else if (isMeasured) refused++;
  };

  const start = performance.now() + 50;
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
  if (inFlight > 0) {
    const isDrained = await Promise.race([
      new Promise<boolean>((resolve) => (whenDrained = () => resolve(true))),
      Bun.sleep(plan.drainMs ?? 10_000).then(() => false),
    ]);
    // A server that stopped answering: what it still holds failed.
    if (!isDrained) {
      const unanswered = backlog.slice(backlogStart);
      for (const connection of everyConnection) {
        if (connection.job) unanswered.push(connection.job);
        // Counted here: closing the connection below must not count it again.
        connection.job = null;
      }
      for (const job of unanswered) if (job.isMeasured) broken++;
    }
  }
  for (const connection of everyConnection) connection.socket?.end();
  latencies.sort((a, b) => a - b);
  const measured = total - warmup;
  return {
    sent,
    ok,
    errors: refused + non2xx + broken,
    refused,
    non2xx,
    broken,
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
