/**
 * `bun run bench [--quick] [--only <text>]`: loads the product API on the large data set and, for
 * each read, what limits it on this machine: its reference statement run by PostgreSQL alone
 * (pgbench) and its own response served by Bun from memory, interleaved (medians of 3 rounds).
 * Then each endpoint's latency at half of its own saturation and at 50/s, the desk day, the query
 * gates; prints a table, writes bench/results/latest.json and exits non-zero when a target is
 * missed. Every target is a ratio to something measured in the same run, or a latency at a rate
 * measured in the same run, never an absolute req/s: these machines drift 20-25% between runs.
 * `bun run seed:large` must have run first (docs/performance.md#method).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { encodeCursor } from '../api/src/tickets/cursor.ts';
import { TICKET_SORTS, TICKET_VIEWS } from '../contracts/src/ticket-queues.ts';
import { REPO_ROOT } from '../tooling/src/repo-root.ts';
import { type DeskDayResult, measureDeskDay } from './lib/desk-day-run.ts';
import { runQueryGates } from './lib/gates.ts';
import {
  ensureBenchCalendarPolicy,
  LARGE_SIZES,
  type LargeSize,
  migrateLargeDatabase,
  openLargeCluster,
  removeBenchWrites,
} from './lib/large-database.ts';
import { MAX_P99_MS, UNLOADED_RATE } from './lib/limits.ts';
import type { LoadRequest } from './lib/load.ts';
import { type Case, measure } from './lib/measure.ts';
import { API_POOL_CONNECTIONS } from './lib/pgbench.ts';
import { deepQueueCursors } from './lib/queue-fixtures.ts';
import { readCases } from './lib/read-cases.ts';
import { blankResult, type CaseResult, formatTable } from './lib/report.ts';

export type { CaseResult };

import { BENCH_PASSWORD, BENCH_SEARCH_WORDS, SEED_VERSION } from './lib/seed-facts.ts';
import { type Server, signIn, startCeiling, startMemoryServer, startProductApi } from './lib/servers.ts';
import { writeCeilings } from './lib/write-cases.ts';

const args = process.argv.slice(2);
const isQuick = args.includes('--quick');
const onlyIndex = args.indexOf('--only');
const only = onlyIndex >= 0 ? (args[onlyIndex + 1] ?? '') : '';
const ROUNDS = isQuick ? 1 : 3;
const SATURATION_SECONDS = isQuick ? 4 : 8;
const FIXED_SECONDS = isQuick ? 5 : 10;
// A check of the harness may ask for a shorter desk day with fewer requesters; results are taken with neither.
const DESK_DAY_SECONDS = Number(process.env.BENCH_DESK_DAY_SECONDS ?? (isQuick ? 60 : 300));
const DESK_DAY_REQUESTERS = Number(process.env.BENCH_DESK_DAY_REQUESTERS ?? (isQuick ? 1_000 : 10_000));
const CONNECTIONS = 64;
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 4900);

const say = (line: string) => process.stderr.write(`[bench] ${line}\n`);

async function isSeeded(url: string, size: LargeSize): Promise<boolean> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [table] = await sql`select to_regclass('large_seed_info') as name`;
    if (!table?.name) return false;
    const [info] = await sql`select version, tickets from large_seed_info`;
    return info?.version === SEED_VERSION && Number(info.tickets) === LARGE_SIZES[size].tickets;
  } finally {
    await sql.end();
  }
}

/** Ids and cursors the cases need, read once from the 1m database. */
async function readFixtures(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [newest] = await sql<{ id: string; ticketNumber: string }[]>`
      select id, ticket_number as "ticketNumber" from tickets order by created_at desc, id desc limit 1`;
    // Bench set-up only: the product never pages with OFFSET.
    const [deep] = await sql<{ at: string; id: string }[]>`
      select created_at::text as at, id from tickets order by created_at desc, id desc
      offset least(99999, (select count(*) * 9 / 10 from tickets)) limit 1`;
    const open = await sql<{ id: string }[]>`
      select id from tickets where status in ('new', 'in_progress') order by created_at desc, id desc limit 1000`;
    const [busy] = await sql<{ id: string }[]>`
      select t.id from tickets t join ticket_comments c on c.ticket_id = t.id
      group by t.id order by count(*) desc, t.id limit 1`;
    const [quiet] = await sql<{ id: string }[]>`
      select t.id from tickets t where not exists (select 1 from ticket_comments c where c.ticket_id = t.id)
      order by t.created_at desc limit 1`;
    const [endUser] = await sql<{ id: string }[]>`select id from users where username = 'user00001'`;
    const [agent] = await sql<{ id: string }[]>`select id from users where username = 'agent001'`;
    // The article page people open most: the most read published article.
    const [article] = await sql<{ id: string }[]>`
      select id from kb_articles where status = 'published' order by view_count desc, id limit 1`;
    if (!newest || !deep || !busy || !quiet || !endUser || !agent || !article || open.length < 100)
      throw new Error('the large data set is incomplete');
    return {
      newest,
      deepCursor: encodeCursor(deep),
      openIds: open.map((row) => row.id),
      busyId: busy.id,
      quietId: quiet.id,
      /** user00001, whose My Tickets the bench reads. */
      endUserId: endUser.id,
      /** agent001, whose queues the bench reads (mine, my_teams). */
      agentId: agent.id,
      /** Each view's page 100,000 rows deep in its default order (nine tenths into a smaller view). */
      queueDeepCursors: await deepQueueCursors(url, agent.id),
      articleId: article.id,
    };
  } finally {
    await sql.end();
  }
}

// What else was running: a bench taken beside a test suite or a build moves ratios by 0.1-0.3 and
// p99s tenfold, so a busy start is said and recorded with the results (1-minute load average, before
// the bench's own servers start).
const loadAtStart = loadavg()[0] ?? 0;
if (loadAtStart > 1) {
  say(
    `the machine is busy before the bench starts (load average ${loadAtStart.toFixed(2)} on ${cpus().length} cores): results will not be comparable`,
  );
}

const cluster = await openLargeCluster(say);
const servers: Server[] = [];
let exitCode = 0;
try {
  // BENCH_MAIN_SIZE=10k runs every case on the small set: a quick check of the bench itself, not a result.
  const url1m = await cluster.urlFor(process.env.BENCH_MAIN_SIZE === '10k' ? '10k' : '1m');
  const url10k = await cluster.urlFor('10k');
  const mainSize: LargeSize = process.env.BENCH_MAIN_SIZE === '10k' ? '10k' : '1m';
  for (const [size, url] of [
    [mainSize, url1m],
    ['10k', url10k],
  ] as const) {
    if (!(await isSeeded(url, size))) {
      say(`the ${size} data set is missing or out of date: run 'bun run seed:large' first`);
      process.exitCode = 2;
      throw new Error('not seeded');
    }
    await migrateLargeDatabase(url, say);
    await removeBenchWrites(url, say);
    await ensureBenchCalendarPolicy(url);
  }
  const fixtures = await readFixtures(url1m);
  say('starting the product APIs and the ceiling servers');
  const api = await startProductApi('api-1m', PORT_BASE, url1m);
  servers.push(api);
  const api10k = await startProductApi('api-10k', PORT_BASE + 1, url10k);
  servers.push(api10k);
  const ceiling = await startCeiling('ceiling-1m', PORT_BASE + 10, url1m);
  servers.push(ceiling);
  const memory = await startMemoryServer('memory', PORT_BASE + 11);
  servers.push(memory);

  const agentCookie = await signIn(api.baseUrl, 'agent001', BENCH_PASSWORD);
  const agent10kCookie = await signIn(api10k.baseUrl, 'agent001', BENCH_PASSWORD);
  const userCookie = await signIn(api.baseUrl, 'user00001', BENCH_PASSWORD);
  const adminCookie = await signIn(api.baseUrl, 'admin001', BENCH_PASSWORD);
  const json = { 'Content-Type': 'application/json' };
  const agent = { Cookie: agentCookie };
  // Create, comment and status change against the raw server writing the same rows (write-cases.ts).
  const writes = writeCeilings(ceiling, fixtures.openIds);
  // Wait and resume is still measured against the one-row insert.
  const insertCeiling = { ...writes.insert, minRatio: 0.6 };
  /** Filing a medium ticket: 'hardware' matches the priority's 24/7 policy, 'software' the office-hours one. */
  const createOf = (category: 'hardware' | 'software'): LoadRequest => ({
    method: 'POST',
    paths: ['/api/tickets'],
    headers: { ...agent, ...json },
    bodies: [
      JSON.stringify({
        title: 'Bench: printer offline',
        description: 'Created by the benchmark.',
        priority: 'medium',
        category,
        notifyRequester: false,
      }),
    ],
  });
  const openPaths = (suffix: string) => fixtures.openIds.map((id) => `/api/tickets/${id}${suffix}`);
  const statusChange: LoadRequest = {
    method: 'PATCH',
    // Every status change a real one: 999 tickets (an odd number) listed twice, so each gets one
    // body in the first half and the other in the second (to in_progress, back to new), 999
    // requests apart. With the 1,000 tickets once each, ticket n always got body n % 2 and every
    // pass after the first changed nothing.
    paths: [...openPaths('').slice(0, 999), ...openPaths('').slice(0, 999)],
    headers: { ...agent, ...json },
    bodies: [JSON.stringify({ status: 'in_progress' }), JSON.stringify({ status: 'new' })],
  };

  const cases: Case[] = [
    // Reads before writes: the write cases add tickets at the head of the newest-first order.
    ...(await readCases({
      databaseUrl: url1m,
      api,
      api10k,
      ceiling,
      agentCookie,
      agent10kCookie,
      userCookie,
      adminCookie,
      agentId: fixtures.agentId,
      endUserId: fixtures.endUserId,
      newestTicketId: fixtures.newest.id,
      articleId: fixtures.articleId,
      openIds: fixtures.openIds,
      deepCursor: fixtures.deepCursor,
      queueDeepCursors: fixtures.queueDeepCursors,
    })),
    {
      name: 'create ticket',
      server: api,
      request: createOf('hardware'),
      against: writes.create,
      latency: 'write',
    },
    {
      // Information: the one-row insert the writes were measured against, beside the same rows.
      name: 'raw insert (one row) vs raw create',
      server: writes.insert.server,
      request: writes.insert.request,
      against: { ...writes.create, minRatio: 0 },
    },
    {
      name: 'create ticket, 24/7 policy',
      server: api,
      request: createOf('hardware'),
      against: writes.create,
    },
    {
      // Counting deadlines in business hours (a weekend, a holiday) costs at most a tenth more.
      name: 'create ticket, calendar policy',
      server: api,
      request: createOf('software'),
      against: {
        label: 'create ticket, 24/7 policy',
        server: api,
        request: createOf('hardware'),
        minRatio: 1 / 1.1,
      },
    },
    {
      // Each of 999 open tickets put on hold, then resumed 999 requests later (each in one locked transaction).
      name: 'wait and resume',
      server: api,
      request: {
        method: 'PUT',
        paths: [...openPaths('/waiting').slice(0, 999), ...openPaths('/waiting').slice(0, 999)],
        methods: [
          ...Array<LoadRequest['method']>(999).fill('PUT'),
          ...Array<LoadRequest['method']>(999).fill('DELETE'),
        ],
        headers: { ...agent, ...json },
        bodies: [JSON.stringify({})],
      },
      against: insertCeiling,
      latency: 'write',
    },
    {
      name: 'comment',
      server: api,
      request: {
        method: 'POST',
        paths: openPaths('/comments'),
        headers: { ...agent, ...json },
        bodies: [JSON.stringify({ content: 'Bench: looking into it.', isInternal: false })],
      },
      against: writes.comment,
      latency: 'write',
    },
    {
      name: 'status change',
      server: api,
      request: statusChange,
      against: writes.statusChange,
      latency: 'write',
    },
    {
      // 100 tickets in one request, each its own transaction through PATCH's path, against the
      // single PATCH (the status change above) per ticket: 0.008 = at least 80% of the per-ticket
      // rate of 100 PATCHes (bulk answers no detail per ticket, but locks 100 rows one by one).
      // The open tickets (1,000 at 1M) in sets of 100, each set moved to in progress, then back to
      // new as many requests later, so every change is a real one.
      name: 'bulk change, 100 tickets',
      server: api,
      // A request holds its connection for 100 changes: 64 of them at once would only queue on
      // each other's ticket locks (and outlast wrk's timeout). Both sides at 4 connections.
      connections: 4,
      request: {
        method: 'POST',
        paths: ['/api/tickets/bulk'],
        headers: { ...agent, ...json },
        bodies: ['in_progress', 'new'].flatMap((status) =>
          Array.from({ length: Math.floor(fixtures.openIds.length / 100) }, (_, set) =>
            JSON.stringify({ ids: fixtures.openIds.slice(set * 100, set * 100 + 100), changes: { status } }),
          ),
        ),
      },
      against: {
        label: 'status change (1 ticket)',
        server: api,
        request: statusChange,
        minRatio: 0.008,
      },
    },
  ];

  const results: CaseResult[] = [];
  for (const testCase of cases.filter((c) => c.name.includes(only))) {
    say(`measuring ${testCase.name}`);
    try {
      results.push(
        await measure(testCase, {
          rounds: ROUNDS,
          saturationSeconds: SATURATION_SECONDS,
          fixedSeconds: FIXED_SECONDS,
          connections: CONNECTIONS,
          memory,
        }),
      );
    } catch (error) {
      results.push(blankResult(testCase.name, [error instanceof Error ? error.message : String(error)]));
    }
  }

  // Mail in (bench/lib/mail-in.ts): a worker process with its own Dovecot, on the main data set; it
  // starts nothing unless one of its rows is asked for. On the data set as seeded, like the desk day
  // below: each message looks up its sender's recent tickets and its thread, and the write cases' tens
  // of thousands of tickets (and autovacuum catching up on them) made these rows measure what ran before.
  const { measureMailIn } = await import('./lib/mail-in.ts');
  results.push(
    ...(await measureMailIn({
      databaseUrl: url1m,
      isQuick,
      wants: (name) => name.includes(only),
      log: say,
      // Mid-run: the sessions stay, as the frontend's browser uses the agent's cookie afterwards.
      prepare: () => removeBenchWrites(url1m, say, { keepSessions: true }),
    })),
  );

  // The frontend timings (bench/lib/frontend.ts): the production build against the 1M API, in Chromium.
  if ('frontend'.includes(only)) {
    const { measureFrontend } = await import('./lib/frontend.ts');
    results.push(
      ...(await measureFrontend({
        apiOrigin: api.baseUrl,
        cookie: agentCookie,
        portBase: PORT_BASE + 30,
        loads: 5,
        log: say,
      })),
    );
  }

  // The desk day (bench/lib/desk-day.ts): its saturation, then half of it open loop, the API's memory sampled.
  // It is mostly reads, so like the read cases it runs on the data set as seeded: the write cases'
  // tens of thousands of identical tickets at the head of every newest-first order go first. And it
  // runs on an API of its own, started for it: its memory is the day's, not the high-water mark the
  // single-endpoint floods above left in the process.
  let deskDay: DeskDayResult | null = null;
  if ('desk day'.includes(only)) {
    await removeBenchWrites(url1m, say, { keepSessions: true });
    const dayApi = await startProductApi('api-desk-day', PORT_BASE + 2, url1m);
    servers.push(dayApi);
    deskDay = await measureDeskDay({
      api: dayApi,
      databaseUrl: url1m,
      openIds: fixtures.openIds,
      requesters: DESK_DAY_REQUESTERS,
      saturationSeconds: SATURATION_SECONDS * 2,
      seconds: DESK_DAY_SECONDS,
      connections: CONNECTIONS,
      log: say,
    });
  }

  // The query gates run on an API of their own: its connections load auto_explain.
  let gates: Awaited<ReturnType<typeof runQueryGates>> | null = null;
  if ('query gates'.includes(only) && cluster.captureServerLog) {
    say('query gates (auto_explain + pg_stat_statements)');
    const capture = cluster.captureServerLog;
    gates = await runQueryGates({
      databaseUrl: url1m,
      captureServerLog: capture,
      withApi: async (run) => {
        const gated = await startProductApi('api-gates', PORT_BASE + 20, url1m);
        try {
          const cookies = {
            agent: await signIn(gated.baseUrl, 'agent002', BENCH_PASSWORD),
            endUser: await signIn(gated.baseUrl, 'user00002', BENCH_PASSWORD),
            admin: await signIn(gated.baseUrl, 'admin001', BENCH_PASSWORD),
          };
          await run(gated.baseUrl, (role) => ({
            Cookie: role === 'endUser' ? cookies.endUser : role === 'admin' ? cookies.admin : cookies.agent,
            ...json,
          }));
        } finally {
          await gated.stop();
        }
      },
      requests: async (headersFor) => [
        { name: 'list limit 10', method: 'GET', path: '/api/tickets?limit=10', headers: headersFor('agent') },
        {
          name: 'list limit 100',
          method: 'GET',
          path: '/api/tickets?limit=100',
          headers: headersFor('agent'),
        },
        {
          name: 'list status=new',
          method: 'GET',
          path: '/api/tickets?limit=50&status=new',
          headers: headersFor('agent'),
        },
        {
          name: 'list priority=critical',
          method: 'GET',
          path: '/api/tickets?limit=50&priority=critical',
          headers: headersFor('agent'),
        },
        {
          name: 'list 100,000 deep',
          method: 'GET',
          path: `/api/tickets?limit=50&cursor=${fixtures.deepCursor}`,
          headers: headersFor('agent'),
        },
        { name: 'my tickets', method: 'GET', path: '/api/tickets?limit=50', headers: headersFor('endUser') },
        // Every queue in every order, and each view's deep page.
        ...TICKET_VIEWS.flatMap((view) =>
          TICKET_SORTS.map((sort) => ({
            name: `queue ${view} ${sort}`,
            method: 'GET' as const,
            path: `/api/tickets?limit=50&view=${view}&sort=${sort}`,
            headers: headersFor('agent'),
          })),
        ),
        ...Object.entries(fixtures.queueDeepCursors).map(([view, cursor]) => ({
          name: `queue ${view} deep`,
          method: 'GET' as const,
          path: `/api/tickets?limit=50&view=${view}&cursor=${cursor}`,
          headers: headersFor('agent'),
        })),
        {
          name: 'my queues, all, due',
          method: 'GET',
          path: '/api/tickets?limit=50&view=all&sort=due',
          headers: headersFor('endUser'),
        },
        {
          name: 'detail, no comments',
          method: 'GET',
          path: `/api/tickets/${fixtures.quietId}`,
          headers: headersFor('agent'),
        },
        {
          name: 'detail, most comments',
          method: 'GET',
          path: `/api/tickets/${fixtures.busyId}`,
          headers: headersFor('agent'),
        },
        { name: 'me', method: 'GET', path: '/api/auth/me', headers: headersFor('agent') },
        {
          name: 'notification count',
          method: 'GET',
          path: '/api/notifications/count',
          headers: headersFor('agent'),
        },
        { name: 'notifications', method: 'GET', path: '/api/notifications', headers: headersFor('agent') },
        {
          name: 'dashboard metrics',
          method: 'GET',
          path: '/api/dashboard/metrics',
          headers: headersFor('agent'),
        },
        {
          name: 'onboarding checklist',
          method: 'GET',
          path: '/api/admin/onboarding',
          headers: headersFor('admin'),
        },
        ...Object.entries(BENCH_SEARCH_WORDS).map(([kind, term]) => ({
          name: `search ${kind}`,
          method: 'GET' as const,
          path: `/api/search?q=${encodeURIComponent(term)}`,
          headers: headersFor('agent'),
        })),
        {
          name: 'comment',
          method: 'POST',
          path: `/api/tickets/${fixtures.openIds[10]}/comments`,
          headers: headersFor('agent'),
          body: JSON.stringify({ content: 'Gate comment', isInternal: false }),
        },
        {
          name: 'status change',
          method: 'PATCH',
          path: `/api/tickets/${fixtures.openIds[11]}`,
          headers: headersFor('agent'),
          body: JSON.stringify({ priority: 'low' }),
        },
        { name: 'view counts', method: 'GET', path: '/api/tickets/views', headers: headersFor('agent') },
        {
          name: 'view counts, end user',
          method: 'GET',
          path: '/api/tickets/views',
          headers: headersFor('endUser'),
        },
        {
          name: 'bulk change, 100 tickets',
          method: 'POST',
          path: '/api/tickets/bulk',
          headers: headersFor('agent'),
          body: JSON.stringify({ ids: fixtures.openIds.slice(100, 200), changes: { priority: 'low' } }),
        },
        {
          name: 'SLA status',
          method: 'GET',
          path: `/api/tickets/${fixtures.openIds[12]}/sla-status`,
          headers: headersFor('agent'),
        },
        {
          name: 'wait on requester',
          method: 'PUT',
          path: `/api/tickets/${fixtures.openIds[13]}/waiting`,
          headers: headersFor('agent'),
          body: JSON.stringify({}),
        },
        {
          name: 'resume',
          method: 'DELETE',
          path: `/api/tickets/${fixtures.openIds[13]}/waiting`,
          headers: headersFor('agent'),
          prepare: {
            method: 'PUT',
            path: `/api/tickets/${fixtures.openIds[13]}/waiting`,
            headers: headersFor('agent'),
            body: JSON.stringify({}),
          },
        },
      ],
      equalPairs: [
        ['list limit 10', 'list limit 100'],
        ['detail, no comments', 'detail, most comments'],
      ],
    });
  }

  const report = {
    date: new Date().toISOString(),
    isQuick,
    machine: { cores: cpus().length, memoryGb: Math.round(totalmem() / 2 ** 30), loadAtStart },
    method: {
      rounds: ROUNDS,
      saturationSeconds: SATURATION_SECONDS,
      connections: CONNECTIONS,
      fixedSeconds: FIXED_SECONDS,
      // Each read's limit: pgbench with as many clients as the API's pool, and Bun from memory.
      pgbenchClients: API_POOL_CONNECTIONS,
      // Latency: at half of each endpoint's saturation (these targets) and unloaded at this rate.
      maxP99Ms: MAX_P99_MS,
      unloadedRate: UNLOADED_RATE,
      deskDaySeconds: DESK_DAY_SECONDS,
      deskDayRequesters: DESK_DAY_REQUESTERS,
    },
    cases: results,
    deskDay,
    gates,
  };
  mkdirSync(join(REPO_ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(REPO_ROOT, 'bench/results/latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(formatTable(report));
  if (loadAtStart > 1)
    console.log(
      `\nnote: the machine was busy when the bench started (load average ${loadAtStart.toFixed(2)})`,
    );
  const failed =
    results.some((result) => result.failures.length > 0) ||
    (deskDay?.failures.length ?? 0) > 0 ||
    (gates
      ? gates.pairViolations.length > 0 || gates.results.some((result) => result.violations.length > 0)
      : false);
  say(failed ? 'some targets were missed' : 'every target passed');
  exitCode = failed ? 1 : 0;
} catch (error) {
  if (!(error instanceof Error && error.message === 'not seeded')) console.error(error);
  exitCode = process.exitCode === 2 ? 2 : 1;
} finally {
  for (const server of servers.reverse()) await server.stop();
  await cluster.stop();
}
process.exit(exitCode);
