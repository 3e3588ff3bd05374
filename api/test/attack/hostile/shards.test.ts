import { describe, expect, test } from 'bun:test';
import { app, BASE_URL } from '../../helpers.ts';
import { type Operation, operationsOf } from './openapi.ts';
import ROUTE_SECONDS from './route-seconds.json';
import {
  assignShards,
  costOf,
  figuresFileName,
  inputsOf,
  operationsOfShard,
  parseShard,
  SECONDS_PER_INPUT,
  WHOLE,
} from './shards.ts';

const document: unknown = await (await fetch(`${BASE_URL}/swagger/json`)).json();
/** The operations the suite attacks: the real list, so a new route is checked here too. */
const operations = operationsOf(document, app.routes);
const RUNS = 160;

describe('HOSTILE_SHARD', () => {
  test('reads k/n, and nothing as the whole suite', () => {
    expect(parseShard(undefined)).toEqual(WHOLE);
    expect(parseShard('')).toEqual(WHOLE);
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    expect(parseShard(' 1 / 1 ')).toEqual({ index: 1, count: 1 });
  });

  test('refuses anything else rather than silently running a different share', () => {
    for (const text of ['0/3', '4/3', '1/0', '3', 'a/b', '1/2/3', '-1/2', '1.5/2']) {
      expect(() => parseShard(text), text).toThrow('HOSTILE_SHARD');
    }
  });

  test('the whole suite keeps the file name the report has always read', () => {
    expect(figuresFileName(WHOLE)).toBe('hostile-input.json');
    expect(figuresFileName({ index: 2, count: 3 })).toBe('hostile-input.shard-2-of-3.json');
  });
});

describe('the shards of the real operation list', () => {
  test('there are operations to split', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  for (const count of [1, 2, 3, 4, 5]) {
    test(`${count} shard(s): every operation in exactly one, in the suite's order, balanced by cost`, () => {
      const shards = Array.from({ length: count }, (_, index) =>
        operationsOfShard(operations, { index: index + 1, count }, RUNS),
      );
      const keys = shards.flatMap((shard) => shard.map((operation) => operation.key));
      expect(keys.length).toBe(operations.length);
      expect(new Set(keys)).toEqual(new Set(operations.map((operation) => operation.key)));
      // Each shard keeps the suite's order (DELETE routes last, after the routes that use the fixtures).
      for (const shard of shards) {
        const positions = shard.map((operation) => operations.indexOf(operation));
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
      }
      // Largest cost first to the lightest shard: no shard carries more than one operation's cost over another.
      const totals = shards.map((shard) =>
        shard.reduce((sum, operation) => sum + costOf(operation, RUNS), 0),
      );
      const largest = Math.max(...operations.map((operation) => costOf(operation, RUNS)));
      expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(largest);
      expect(totals.reduce((sum, total) => sum + total, 0)).toBeCloseTo(
        operations.reduce((sum, operation) => sum + costOf(operation, RUNS), 0),
        6,
      );
    });
  }

  test('a measured route costs its measured time, scaled to the runs asked for', () => {
    const signIn = operations.find((operation) => operation.key === 'POST /api/auth/login');
    if (!signIn) throw new Error('POST /api/auth/login is not in the list');
    expect(costOf(signIn, RUNS)).toBe(ROUTE_SECONDS['POST /api/auth/login']);
    expect(costOf(signIn, RUNS / 2)).toBeCloseTo(ROUTE_SECONDS['POST /api/auth/login'] / 2, 5);
  });

  test('the same list gives the same shards, whatever process computes them', () => {
    const again = operationsOf(document, app.routes);
    expect(assignShards(again, 3, RUNS)).toEqual(assignShards(operations, 3, RUNS));
  });

  test('a shard depends on the list, not on luck: a few made-up operations split as computed by hand', () => {
    const made = (key: string, allowed: Operation['allowed']): Operation => ({
      key,
      method: key.split(' ')[0] ?? 'GET',
      path: key.split(' ')[1] ?? '/',
      pathParams: [],
      query: [],
      headers: [],
      body: { kind: 'none' },
      isDocumented: true,
      allowed,
      denied: [],
    });
    // Inputs at 160 runs: a POST every caller may send, 4 x 160; one only admins may, 160 + 3 x 40; GETs
    // without parameters, 4 x 40. Not in the measured table, so each costs its inputs.
    const list = [
      made('GET /a', ['anonymous']),
      made('POST /b', ['anonymous', 'end_user', 'agent', 'admin']),
      made('POST /c', ['admin']),
      made('GET /d', ['admin']),
      made('POST /e', ['admin']),
    ];
    expect(list.map((operation) => inputsOf(operation, RUNS))).toEqual([160, 640, 280, 160, 280]);
    expect(list.map((operation) => costOf(operation, RUNS))).toEqual(
      [160, 640, 280, 160, 280].map((inputs) => inputs * SECONDS_PER_INPUT),
    );
    expect(assignShards(list, 2, RUNS)).toEqual([2, 1, 2, 1, 2]);
  });
});
