import { describe, expect, test } from 'bun:test';
import { quantile } from '../fixed-rate.ts';
import { DESK_DAY_MIX, deskDayRequests, type Person, pickKind, seededRandom } from './desk-day.ts';
import { dayMemory, deskDayFailures } from './desk-day-run.ts';
import { extractPlans, planViolations } from './gates.ts';
import { deepRowIndex, halfRate, limitOf, plainDeepRowIndex } from './limits.ts';
import { parseWrkOutput, readsOnly, wrkScript } from './load.ts';
import { parsePgbenchOutput, pgbenchScript, sessionOptions } from './pgbench.ts';
import { blankResult, formatTable } from './report.ts';

const WRK_OUTPUT = `Running 8s test @ http://127.0.0.1:4900
  2 threads and 64 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    21.05ms    4.12ms  80.11ms   90.00%
    Req/Sec     1.52k   120.00     1.80k    70.00%
  Latency Distribution
     50%   20.50ms
     75%   22.00ms
     90%   25.00ms
     99%    1.20s
  24300 requests in 8.00s, 40.00MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 4
Requests/sec:   3037.50
Transfer/sec:      5.00MB
`;

describe('wrk', () => {
  test('its report is read: req/s, percentiles in any unit, errors of every kind', () => {
    expect(parseWrkOutput(WRK_OUTPUT)).toEqual({
      rps: 3037.5,
      requests: 24300,
      p50Ms: 20.5,
      p99Ms: 1200,
      errors: 7,
    });
  });

  test('only reads are warmed up before their round: a write repeated unmeasured would change what is measured', () => {
    expect(readsOnly({ method: 'GET', paths: ['/a'], headers: {} })).toBe(true);
    expect(readsOnly({ method: 'GET', paths: ['/a', '/b'], methods: ['GET', 'GET'], headers: {} })).toBe(
      true,
    );
    expect(readsOnly({ method: 'POST', paths: ['/a'], headers: {} })).toBe(false);
    // The desk day's mix and a hold with its resume cycle methods position by position.
    expect(readsOnly({ method: 'GET', paths: ['/a', '/b'], methods: ['GET', 'POST'], headers: {} })).toBe(
      false,
    );
    expect(readsOnly({ method: 'POST', paths: ['/a'], methods: ['PATCH'], headers: {} })).toBe(false);
  });

  test('a script cycles paths and bodies, with quotes and backslashes escaped for Lua', () => {
    const script = wrkScript({
      method: 'PATCH',
      paths: ['/api/tickets/a', '/api/tickets/b'],
      headers: { Cookie: 'sid="x\\y"' },
      bodies: ['{"status":"new"}'],
    });
    expect(script).toContain('wrk.method = "PATCH"');
    expect(script).toContain('wrk.headers["Cookie"] = "sid=\\"x\\\\y\\""');
    expect(script).toContain('"/api/tickets/a",\n  "/api/tickets/b"');
    expect(script).toContain('"{\\"status\\":\\"new\\"}"');
  });

  test('threads share the positions, and methods cycle with the paths', () => {
    const script = wrkScript(
      {
        method: 'PUT',
        paths: ['/api/tickets/a/waiting', '/api/tickets/a/waiting'],
        methods: ['PUT', 'DELETE'],
        headers: {},
      },
      2,
    );
    expect(script).toContain('local p = n * 2 + (id or 0)');
    expect(script).toContain('local methods = {\n  "PUT",\n  "DELETE"\n}');
    expect(script).toContain('thread:set("id", started)');
    expect(script).toContain('return wrk.format(method, path, headers, body)');
  });

  test("header sets cycle with the paths, each a whole table (a person's own cookie)", () => {
    const script = wrkScript({
      method: 'GET',
      paths: ['/a', '/b'],
      headers: {},
      headerSets: [{ Cookie: 'sid=1' }, { Cookie: 'sid=2', 'Content-Type': 'application/json' }],
    });
    expect(script).toContain(
      'local headerSets = {\n  {["Cookie"] = "sid=1"},\n  {["Cookie"] = "sid=2", ["Content-Type"] = "application/json"}\n}',
    );
    expect(script).toContain('headers = headerSets[(p % #headerSets) + 1]');
  });
});

describe('fixed-rate percentiles', () => {
  test('nearest rank over sorted values', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(quantile(values, 0.5)).toBe(50);
    expect(quantile(values, 0.99)).toBe(99);
    expect(quantile([7], 0.99)).toBe(7);
    expect(quantile([], 0.5)).toBeNaN();
  });
});

describe('query gates', () => {
  const plan = (node: object, text = 'select * from tickets t where t.id = $1') =>
    `LOG:  duration: 0.1 ms  plan:\n${JSON.stringify({ 'Query Text': text, Plan: node }, null, 2)}\n`;

  test('plans are read out of a server log, braces inside strings included', () => {
    const log = `noise\n${plan({ 'Node Type': 'Index Scan', 'Relation Name': 'tickets' }, "select '{' as brace")}LOG: other\n${plan({ 'Node Type': 'Result' })}`;
    const plans = extractPlans(log);
    expect(plans).toHaveLength(2);
    expect(plans[0]?.['Query Text']).toBe("select '{' as brace");
  });

  test('a sequential scan of a big table, a big sort and OFFSET on tickets are violations; offset 0 skips nothing', () => {
    const [seq] = extractPlans(plan({ 'Node Type': 'Seq Scan', 'Relation Name': 'ticket_comments' }));
    const [sort] = extractPlans(
      plan({
        'Node Type': 'Sort',
        Plans: [{ 'Node Type': 'Index Scan', 'Actual Rows': 600, 'Actual Loops': 2 }],
      }),
    );
    const [offset] = extractPlans(
      plan({ 'Node Type': 'Limit' }, 'select id from tickets order by created_at offset $1'),
    );
    const [fine] = extractPlans(
      plan({
        'Node Type': 'Nested Loop',
        Plans: [
          { 'Node Type': 'Seq Scan', 'Relation Name': 'teams' },
          { 'Node Type': 'Sort', Plans: [{ 'Node Type': 'Index Scan', 'Actual Rows': 50 }] },
        ],
      }),
    );
    const [fence] = extractPlans(
      plan(
        { 'Node Type': 'Limit' },
        'select * from (select t.* from team_members m cross join lateral (select id from tickets t) t offset 0) p limit 50',
      ),
    );
    const [both] = extractPlans(
      plan({ 'Node Type': 'Limit' }, 'select * from (select id from tickets offset 0) t offset 100'),
    );
    if (!seq || !sort || !offset || !fine || !fence || !both) throw new Error('plans not read');
    expect(planViolations(fence)).toEqual([]);
    expect(planViolations(both)).toEqual([expect.stringContaining('OFFSET on tickets')]);
    expect(planViolations(seq)).toEqual([expect.stringContaining('sequential scan of ticket_comments')]);
    expect(planViolations(sort)).toEqual([expect.stringContaining('sort over 1200 rows')]);
    expect(planViolations(offset)).toEqual([expect.stringContaining('OFFSET on tickets')]);
    expect(planViolations(fine)).toEqual([]);
  });
});

describe('the results table', () => {
  test('says pass or what failed, per endpoint, for the desk day and for the gates', () => {
    const table = formatTable({
      cases: [
        {
          ...blankResult('ticket list, first page'),
          rps: 2400,
          postgresRps: 4000,
          memoryRps: 60000,
          limitRps: 4000,
          limitRatio: 0.6,
          minLimitRatio: 0.6,
          rate: 1200,
          p50Ms: 3.1,
          p99Ms: 12.5,
          maxP99Ms: 25,
          unloadedP99Ms: 4.2,
        },
        {
          ...blankResult('dashboard metrics', ['ratio 0.10 < 0.8']),
          rps: 1000,
          againstLabel: 'select 1',
          againstRps: 10000,
          ratio: 0.1,
          minRatio: 0.8,
        },
      ],
      deskDay: {
        saturationRps: 1800,
        p50Ms: 4,
        p99Ms: 60,
        errors: 0,
        achievedRate: 900,
        peakMb: 120,
        firstMb: 100,
        lastMb: 101,
        failures: ['p99 60.0 ms > 50 ms'],
      },
      gates: {
        results: [{ name: 'list limit 10', statements: 3, plans: 3, violations: [] }],
        pairViolations: ['detail runs 3 statements but detail, most comments runs 9'],
      },
    });
    expect(table).toMatch(
      /ticket list, first page\s+2,400\s+4,000\s+60,000\s+0\.60x\s+-\s+-\s+-\s+>= 0\.60x of limit, p99 <= 25 ms\s+1200\/s\s+3\.1\s+12\.5\s+4\.2\s+pass/,
    );
    expect(table).toContain('FAIL: ratio 0.10 < 0.8');
    expect(table).toContain('desk day (saturates at 1,800 req/s) at 900 req/s');
    expect(table).toContain('FAIL: p99 60.0 ms > 50 ms');
    expect(table).toContain('N+1 FAIL: detail runs 3 statements');
  });
});

const PGBENCH_OUTPUT = `pgbench (18.1)
transaction type: reference.sql
scaling factor: 1
query mode: prepared
number of clients: 10
number of threads: 2
maximum number of tries: 1
duration: 8 s
number of transactions actually processed: 33012
number of failed transactions: 3 (0.009%)
latency average = 2.417 ms
initial connection time = 21.311 ms
tps = 4126.512345 (without initial connection time)
`;

describe('read limits', () => {
  test("pgbench's summary is read: the rate without connection time, and failures", () => {
    expect(parsePgbenchOutput(PGBENCH_OUTPUT)).toEqual({ tps: 4126.512345, transactions: 33012, failed: 3 });
    expect(parsePgbenchOutput('nothing').tps).toBeNaN();
  });

  test('a pgbench script sets its variables, then runs the statement once', () => {
    expect(pgbenchScript('select :limit', { limit: 51 })).toBe('\\set limit 51\nselect :limit;\n');
    expect(pgbenchScript('select 1;\n')).toBe('select 1;\n');
  });

  test("a reference's session settings reach pgbench as PGOPTIONS; nothing else gets through", () => {
    expect(
      sessionOptions({ max_parallel_workers_per_gather: '0', plan_cache_mode: 'force_generic_plan' }),
    ).toBe('-c max_parallel_workers_per_gather=0 -c plan_cache_mode=force_generic_plan');
    expect(sessionOptions()).toBe('');
    expect(() => sessionOptions({ work_mem: '1MB -c fsync=off' })).toThrow(/not a setting/);
    expect(() => sessionOptions({ 'work_mem=1': '1' })).toThrow(/not a setting/);
  });

  test('the limit is the lower of PostgreSQL alone and Bun from memory; a side that did not run is no limit', () => {
    expect(limitOf(4000, 60000)).toBe(4000);
    expect(limitOf(90000, 60000)).toBe(60000);
    expect(limitOf(Number.NaN, 60000)).toBe(60000);
  });

  test('latency is measured at half of the saturation, whole requests, at least one', () => {
    expect(halfRate(2401)).toBe(1200);
    expect(halfRate(1)).toBe(1);
    expect(halfRate(Number.NaN)).toBe(1);
  });

  test('the deep row is where the product cursors put it: 100,000 deep, or nine tenths in', () => {
    expect(deepRowIndex(999)).toBeNull();
    expect(deepRowIndex(10_000)).toBe(9_000);
    expect(deepRowIndex(1_000_000)).toBe(94_500);
    expect(plainDeepRowIndex(10_000)).toBe(9_000);
    expect(plainDeepRowIndex(1_000_000)).toBe(99_999);
  });
});

describe('the desk day', () => {
  const people = (prefix: string, n: number): Person[] =>
    Array.from({ length: n }, (_, i) => ({ username: `${prefix}${i}`, cookie: `sid=${prefix}${i}` }));
  const agents = people('agent', 20);
  const requesters = people('user', 200);
  const input = {
    agents,
    requesters,
    requesterTickets: new Map(
      requesters.map((person, i) => [person.username, { id: `t-${i}`, isOpen: i % 2 === 0 }]),
    ),
    openTicketIds: ['o-1', 'o-2', 'o-3'],
    queuePaths: ['/api/tickets?limit=50&view=mine'],
    listPaths: ['/api/tickets?limit=50'],
    searchTerms: ['printer'],
    password: 'pw',
    count: 20_000,
  };

  test('kinds come in the documented proportions', () => {
    const random = seededRandom(7);
    const counts = new Map<string, number>();
    for (let i = 0; i < 100_000; i++) {
      const kind = pickKind(random);
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
    const total = Object.values(DESK_DAY_MIX).reduce((sum, weight) => sum + weight, 0);
    for (const [kind, weight] of Object.entries(DESK_DAY_MIX)) {
      expect(Math.abs((counts.get(kind) ?? 0) / 100_000 - weight / total)).toBeLessThan(0.01);
    }
  });

  test('each request carries its own person: requesters comment only on their own open ticket, sign-ins carry no cookie', () => {
    const requests = deskDayRequests(input);
    expect(requests).toHaveLength(20_000);
    expect(new Set(requests.map((request) => request.headers.Cookie)).size).toBeGreaterThan(150);
    const requesterComments = requests.filter(
      (request) => request.method === 'POST' && request.headers.Cookie?.startsWith('sid=user'),
    );
    expect(requesterComments.length).toBeGreaterThan(0);
    for (const request of requesterComments) {
      const index = Number(request.headers.Cookie?.slice('sid=user'.length));
      expect(request.path).toBe(`/api/tickets/t-${index}/comments`);
      expect(index % 2).toBe(0);
    }
    const signIns = requests.filter((request) => request.path === '/api/auth/login');
    expect(signIns.length).toBeGreaterThan(0);
    for (const request of signIns) expect(request.headers.Cookie).toBeUndefined();
  });

  test("a ticket's status changes alternate, so each is a real change", () => {
    const changes = deskDayRequests(input).filter((request) => request.method === 'PATCH');
    const seen = new Map<string, string[]>();
    for (const request of changes) {
      seen.set(request.path, [...(seen.get(request.path) ?? []), JSON.parse(request.body ?? '{}').status]);
    }
    for (const statuses of seen.values()) {
      statuses.forEach((status, i) => {
        expect(status).toBe(i % 2 === 0 ? 'in_progress' : 'new');
      });
    }
  });

  test('the targets: p99, errors, memory peak and growth', () => {
    const fine = { p99Ms: 20, errors: 0, peakMb: 120, firstMb: 100, lastMb: 104 };
    expect(deskDayFailures(fine)).toEqual([]);
    expect(deskDayFailures({ ...fine, p99Ms: 51, errors: 2, peakMb: 151, lastMb: 130 })).toEqual([
      'p99 51.0 ms > 50 ms',
      '2 failed requests',
      'API memory peaked at 151 MB > 150 MB',
      'API memory grew from 100 to 130 MB',
    ]);
  });

  test("the day's memory is sampled from the end of its warm-up: the saturation run's leftovers are not its peak", () => {
    const samples = [
      { atMs: 5_000, mb: 159 },
      { atMs: 10_000, mb: 140 },
      ...[100, 102, 101, 120, 103, 104, 105, 106, 104, 107].map((mb, i) => ({
        atMs: 15_000 + i * 5_000,
        mb,
      })),
    ];
    expect(dayMemory(samples, 10_000)).toEqual({ peakMb: 140, firstMb: 140, lastMb: 107 });
    expect(dayMemory(samples, 15_000)).toEqual({ peakMb: 120, firstMb: 102, lastMb: 107 });
    expect(() => dayMemory(samples, 100_000)).toThrow('no memory sample was taken after the warm-up');
  });
});
