import { describe, expect, test } from 'bun:test';
import { quantile } from '../fixed-rate.ts';
import { extractPlans, planViolations } from './gates.ts';
import { parseWrkOutput, wrkScript } from './load.ts';
import { formatTable } from './report.ts';

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
    expect(script).toContain('return wrk.format(method, path, nil, body)');
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

  test('a sequential scan of a big table, a big sort and OFFSET on tickets are violations', () => {
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
    if (!seq || !sort || !offset || !fine) throw new Error('plans not read');
    expect(planViolations(seq)).toEqual([expect.stringContaining('sequential scan of ticket_comments')]);
    expect(planViolations(sort)).toEqual([expect.stringContaining('sort over 1200 rows')]);
    expect(planViolations(offset)).toEqual([expect.stringContaining('OFFSET on tickets')]);
    expect(planViolations(fine)).toEqual([]);
  });
});

describe('the results table', () => {
  test('says pass or what failed, per endpoint and for the gates', () => {
    const table = formatTable({
      cases: [
        {
          name: 'me',
          rps: 9000,
          againstLabel: 'select 1',
          againstRps: 10000,
          ratio: 0.9,
          minRatio: 0.8,
          rate: 2000,
          p50Ms: 0.8,
          p99Ms: 2.5,
          maxP99Ms: 3,
          ceilingP99Ms: 1.9,
          errors: 0,
          failures: [],
        },
        {
          name: 'dashboard metrics',
          rps: 1000,
          againstLabel: 'select 1',
          againstRps: 10000,
          ratio: 0.1,
          minRatio: 0.5,
          rate: null,
          p50Ms: null,
          p99Ms: null,
          maxP99Ms: null,
          ceilingP99Ms: null,
          errors: 0,
          failures: ['ratio 0.10 < 0.5'],
        },
      ],
      mixed: null,
      gates: {
        results: [{ name: 'list limit 10', statements: 3, plans: 3, violations: [] }],
        pairViolations: ['detail runs 3 statements but detail, most comments runs 9'],
      },
    });
    expect(table).toMatch(
      /me\s+9,000\s+select 1\s+10,000\s+0\.90x\s+>= 0\.80x, p99 <= 3 ms\s+2000\/s\s+0\.8\s+2\.5\s+1\.9\s+pass/,
    );
    expect(table).toContain('FAIL: ratio 0.10 < 0.5');
    expect(table).toContain('N+1 FAIL: detail runs 3 statements');
  });
});
