/**
 * Splitting the hostile-input suite across processes (HOSTILE_SHARD=k/n). The suite waits on the
 * server and the database far more than it computes, so n processes, each with its own PostgreSQL,
 * finish it in about 1/n of the time even on two cores. Every operation lands in exactly one shard,
 * chosen from the operation list alone (the same in every process), balanced by each operation's
 * measured time; the hand-written transport cases and the detector checks run in shard 1.
 */
import { CALLERS, type Caller, type Operation } from './openapi.ts';
import ROUTE_SECONDS from './route-seconds.json';

export type Shard = { index: number; count: number };

/** The whole suite in one process. */
export const WHOLE: Shard = { index: 1, count: 1 };

/** `HOSTILE_SHARD` as a shard: unset means the whole suite; anything but `k/n` with 1 <= k <= n is an error. */
export function parseShard(text: string | undefined): Shard {
  if (text === undefined || text.trim() === '') return WHOLE;
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new Error(`HOSTILE_SHARD must be k/n with 1 <= k <= n (like 2/3), not '${text}'`);
  }
  return { index, count };
}

/** Whether the route takes anything to vary: a GET without parameters only gets undeclared query keys. */
export const takesInput = (operation: Operation) =>
  operation.method !== 'GET' ||
  operation.pathParams.length + operation.query.length + operation.headers.length > 0;

/**
 * Inputs one caller gets on one route: `runs` where there is something to vary, a quarter of it
 * where there is less (callers the policy refuses, each must simply be refused, and GETs without
 * parameters).
 */
export function inputsFor(operation: Operation, caller: Caller, runs: number): number {
  const isAllowed = operation.allowed.includes(caller);
  return isAllowed && takesInput(operation) ? runs : Math.max(1, Math.ceil(runs / 4));
}

/** Inputs the route gets over every caller. */
export const inputsOf = (operation: Operation, runs: number) =>
  CALLERS.reduce((sum, caller) => sum + inputsFor(operation, caller, runs), 0);

/**
 * Seconds each route took at the default 160 runs, from a run of three shards side by side. Routes differ
 * far more than their input counts say (sign-in and registration hash passwords; some writes do much more
 * than others), so the measured time balances the shards where counting inputs made the slowest of three a
 * tenth longer than need be, and of four nearly half. A stale or missing entry only costs balance, never
 * coverage: refresh it from the times `bun test` prints.
 */
const MEASURED: Readonly<Record<string, number>> = ROUTE_SECONDS;
const MEASURED_RUNS = 160;
/** A route the table does not know yet: the table's average, about 0.028 s an input. */
export const SECONDS_PER_INPUT = 0.028;

/** An operation's expected cost in seconds: measured where known, else by its inputs. */
export function costOf(operation: Operation, runs: number): number {
  const seconds = MEASURED[operation.key];
  if (seconds === undefined) return inputsOf(operation, runs) * SECONDS_PER_INPUT;
  return (seconds * inputsOf(operation, runs)) / inputsOf(operation, MEASURED_RUNS);
}

/**
 * The shard (1..count) of every operation, in the list's order: the costliest first, each to the
 * shard with the least cost so far (ties to the lower shard; equal costs in key order), so the
 * shards differ by at most one operation's cost.
 */
export function assignShards(operations: readonly Operation[], count: number, runs: number): number[] {
  const costs = operations.map((operation) => costOf(operation, runs));
  const order = operations
    .map((_, position) => position)
    .sort(
      (a, b) =>
        (costs[b] ?? 0) - (costs[a] ?? 0) ||
        (operations[a]?.key ?? '').localeCompare(operations[b]?.key ?? ''),
    );
  const totals = new Array<number>(count).fill(0);
  const shards = new Array<number>(operations.length).fill(1);
  for (const position of order) {
    let lightest = 0;
    for (let shard = 1; shard < count; shard += 1) {
      if ((totals[shard] ?? 0) < (totals[lightest] ?? 0)) lightest = shard;
    }
    totals[lightest] = (totals[lightest] ?? 0) + (costs[position] ?? 0);
    shards[position] = lightest + 1;
  }
  return shards;
}

/** The operations one shard attacks, in the list's order. */
export function operationsOfShard(operations: readonly Operation[], shard: Shard, runs: number): Operation[] {
  const shards = assignShards(operations, shard.count, runs);
  return operations.filter((_, position) => shards[position] === shard.index);
}

/** Where a shard's figures go: the whole suite keeps the report's plain name. */
export const figuresFileName = (shard: Shard) =>
  shard.count === 1 ? 'hostile-input.json' : `hostile-input.shard-${shard.index}-of-${shard.count}.json`;
