/**
 * Runs the desk day (desk-day.ts) on the product API: signs its people in, measures the mix's
 * saturation closed loop (wrk), then offers half of it open loop (fixed-rate.ts) for the day's
 * length while the API's resident memory is sampled every 5 seconds (the day's figures from the end
 * of its warm-up on).
 */
import postgres from 'postgres';
import type { FixedRateResult } from '../fixed-rate.ts';
import { DESK_DAY_MIX, deskDayRequests, signInEveryone } from './desk-day.ts';
import { halfRate } from './limits.ts';
import { saturate } from './load.ts';
import { runFixedRate } from './measure.ts';
import { median } from './report.ts';
import { BENCH_PASSWORD, BENCH_SEARCH_WORDS } from './seed-facts.ts';
import { residentMb, type Server } from './servers.ts';

export type DeskDayResult = FixedRateResult & {
  saturationRps: number;
  rate: number;
  agents: number;
  requesters: number;
  mix: typeof DESK_DAY_MIX;
  peakMb: number;
  firstMb: number;
  lastMb: number;
  failures: string[];
};

/** The day's targets (docs/performance.md#the-desk-day). */
export const DESK_DAY_TARGETS = { maxP99Ms: 50, maxMb: 150 } as const;

/** What is wrong with a day's run: its p99, its errors, its memory's peak and growth. */
export function deskDayFailures(result: {
  p99Ms: number;
  errors: number;
  peakMb: number;
  firstMb: number;
  lastMb: number;
}): string[] {
  const failures: string[] = [];
  if (!(result.p99Ms <= DESK_DAY_TARGETS.maxP99Ms))
    failures.push(`p99 ${result.p99Ms.toFixed(1)} ms > ${DESK_DAY_TARGETS.maxP99Ms} ms`);
  if (result.errors > 0) failures.push(`${result.errors} failed requests`);
  if (result.peakMb > DESK_DAY_TARGETS.maxMb)
    failures.push(`API memory peaked at ${result.peakMb.toFixed(0)} MB > ${DESK_DAY_TARGETS.maxMb} MB`);
  if (result.lastMb > result.firstMb * 1.1 + 5)
    failures.push(`API memory grew from ${result.firstMb.toFixed(0)} to ${result.lastMb.toFixed(0)} MB`);
  return failures;
}

export type MemorySample = { atMs: number; mb: number };

/**
 * The day's memory from samples taken through its run: only those from the end of the warm-up on,
 * as for its latencies. The warm-up's first seconds still hold what the saturation run before it
 * left (twice the day's rate, not yet collected): a peak there is that run's, not the day's.
 */
export function dayMemory(
  samples: readonly MemorySample[],
  measuredFromMs: number,
): { peakMb: number; firstMb: number; lastMb: number } {
  const day = samples.filter((sample) => sample.atMs >= measuredFromMs).map((sample) => sample.mb);
  if (!day.length) throw new Error('no memory sample was taken after the warm-up');
  const fifth = Math.max(1, Math.floor(day.length / 5));
  return {
    peakMb: Math.max(...day),
    firstMb: median(day.slice(0, fifth)),
    lastMb: median(day.slice(-fifth)),
  };
}

export async function measureDeskDay(options: {
  api: Server;
  databaseUrl: string;
  openIds: readonly string[];
  /** Requesters signed in (the full day: 10,000; a quick check signs in fewer). */
  requesters: number;
  saturationSeconds: number;
  seconds: number;
  connections: number;
  log: (line: string) => void;
}): Promise<DeskDayResult> {
  const sql = postgres(options.databaseUrl, { max: 1, onnotice: () => {} });
  let people: {
    agents: string[];
    requesters: string[];
    tickets: Map<string, { id: string; isOpen: boolean }>;
  };
  try {
    const agents = await sql<{ username: string }[]>`
      select username from users where role = 'agent' and status = 'active' order by username limit 200`;
    const requesters = await sql<{ id: string; username: string }[]>`
      select id, username from users where role = 'end_user' and status = 'active'
      order by username limit ${options.requesters}`;
    // Each requester's newest ticket, and whether it is open (one they can still reply on).
    const tickets = await sql<{ username: string; id: string; isOpen: boolean }[]>`
      select u.username, t.id, t.status in ('new', 'in_progress') as "isOpen"
      from unnest(${requesters.map((row) => row.id)}::uuid[]) as r(id)
      join users u on u.id = r.id
      cross join lateral (select id, status from tickets t where t.requester_id = r.id
                          order by t.created_at desc limit 1) t`;
    people = {
      agents: agents.map((row) => row.username),
      requesters: requesters.map((row) => row.username),
      tickets: new Map(tickets.map((row) => [row.username, { id: row.id, isOpen: row.isOpen }])),
    };
  } finally {
    await sql.end();
  }
  options.log(
    `desk day: signing in ${people.agents.length} agents and ${people.requesters.length} requesters`,
  );
  const agents = await signInEveryone(options.api.baseUrl, people.agents, BENCH_PASSWORD);
  const requesters = await signInEveryone(options.api.baseUrl, people.requesters, BENCH_PASSWORD);
  const requests = deskDayRequests({
    agents,
    requesters,
    requesterTickets: people.tickets,
    openTicketIds: options.openIds,
    queuePaths: ['mine', 'unassigned', 'my_teams', 'at_risk', 'waiting', 'open'].map(
      (view) => `/api/tickets?limit=50&view=${view}`,
    ),
    listPaths: ['', '&status=new', '&status=in_progress', '&priority=critical'].map(
      (filter) => `/api/tickets?limit=50${filter}`,
    ),
    searchTerms: Object.values(BENCH_SEARCH_WORDS),
    password: BENCH_PASSWORD,
    count: 20_000,
  });

  const saturation = await saturate(
    options.api.baseUrl,
    {
      method: 'GET',
      paths: requests.map((request) => request.path),
      methods: requests.map((request) => request.method as 'GET'),
      headers: {},
      headerSets: requests.map((request) => request.headers),
      bodies: requests.map((request) => request.body ?? ''),
    },
    { seconds: options.saturationSeconds, connections: options.connections, threads: 2 },
  );
  const rate = halfRate(saturation.rps);
  options.log(
    `desk day: saturates at ${saturation.rps.toFixed(0)} req/s; ${rate} req/s for ${options.seconds} s`,
  );

  const warmupSeconds = 10;
  const samples: MemorySample[] = [];
  const measuredFromMs = performance.now() + warmupSeconds * 1000;
  const sampler = setInterval(() => {
    const atMs = performance.now();
    void residentMb(options.api.process.pid).then((mb) => samples.push({ atMs, mb }));
  }, 5_000);
  const result = await runFixedRate({
    baseUrl: options.api.baseUrl,
    rate,
    seconds: options.seconds,
    warmupSeconds,
    requests,
    maxInFlight: 512,
  });
  clearInterval(sampler);
  const { peakMb, firstMb, lastMb } = dayMemory(samples, measuredFromMs);
  return {
    ...result,
    saturationRps: saturation.rps,
    rate,
    agents: agents.length,
    requesters: requesters.length,
    mix: DESK_DAY_MIX,
    peakMb,
    firstMb,
    lastMb,
    failures: [
      ...deskDayFailures({ ...result, peakMb, firstMb, lastMb }),
      ...(saturation.errors > 0 ? [`${saturation.errors} failed requests at saturation`] : []),
    ],
  };
}
