/**
 * One line of the table: an endpoint saturated beside what it is measured against (a read's limit,
 * the raw server, another endpoint), medians of the rounds, then its latency at half of its own
 * saturation and at 50/s, open loop (bench/fixed-rate.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../tooling/src/repo-root.ts';
import type { FixedRatePlan, FixedRateResult } from '../fixed-rate.ts';
import { halfRate, limitOf, MAX_P99_MS, mirrorResponse, UNLOADED_RATE } from './limits.ts';
import { type LoadRequest, type SaturationResult, saturate } from './load.ts';
import { runPgbench } from './pgbench.ts';
import { type CaseResult, median } from './report.ts';
import type { Server } from './servers.ts';

export type Case = {
  name: string;
  server: Server;
  request: LoadRequest;
  /**
   * A read's limit: the reference statement (reference-statements.ts) under pgbench on the
   * database, and the product's own response served from memory; the lower of the two.
   */
  limit?: {
    databaseUrl: string;
    statement: string;
    variables?: Record<string, string | number>;
    /** The sessions' settings, where the product reads on a pool of its own that sets them. */
    settings?: Readonly<Record<string, string>>;
    minRatio: number;
  };
  /** What else the product's req/s is divided by, measured in the same rounds. */
  against?: { label: string; server: Server; request: LoadRequest; minRatio: number };
  /** p99 at half of this endpoint's saturation (target by kind) and at 50/s (information). */
  latency?: 'read' | 'write';
  /** Connections of the saturated rounds, both sides (default 64). */
  connections?: number;
  /** Why the case could not be set up as it should (its reference row was not found): a failure of its own. */
  setupFailure?: string;
};

export type MeasureOptions = {
  rounds: number;
  saturationSeconds: number;
  fixedSeconds: number;
  connections: number;
  /** Bun serving bodies from memory (bench/memory-server.ts). */
  memory: Server;
};

export async function runFixedRate(plan: FixedRatePlan): Promise<FixedRateResult> {
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-bench-plan-'));
  try {
    const file = join(dir, 'plan.json');
    writeFileSync(file, JSON.stringify(plan));
    const child = Bun.spawn(['bun', join(REPO_ROOT, 'bench/fixed-rate.ts'), file], {
      stdout: 'pipe',
      stderr: 'inherit',
    });
    const [output, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
    if (code !== 0) throw new Error(`fixed-rate run failed (${code})`);
    return JSON.parse(output.trim().split('\n').at(-1) ?? '{}');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function toFixedRequests(request: LoadRequest): FixedRatePlan['requests'] {
  return request.paths.map((path, index) => ({
    method: request.methods?.[index % request.methods.length] ?? request.method,
    path,
    headers: request.headers,
    body: request.bodies?.length ? request.bodies[index % request.bodies.length] : undefined,
  }));
}

/** What the open loop's errors were, when there were any. */
function errorKinds(result: FixedRateResult): string {
  if (result.errors === 0) return '';
  return ` (${result.refused} refused, ${result.non2xx} non-2xx, ${result.broken} broken)`;
}

let mirrored = 0;

export async function measure(testCase: Case, options: MeasureOptions): Promise<CaseResult> {
  const failures: string[] = testCase.setupFailure ? [testCase.setupFailure] : [];
  let errors = 0;
  const saturation = {
    seconds: options.saturationSeconds,
    connections: testCase.connections ?? options.connections,
    threads: 2,
  };
  const limit = testCase.limit;
  const memoryRequest = limit
    ? await mirrorResponse(
        testCase.server.baseUrl,
        options.memory.baseUrl,
        `body-${++mirrored}`,
        testCase.request,
      )
    : null;
  const product: SaturationResult[] = [];
  const postgresRps: number[] = [];
  const memoryRps: number[] = [];
  const againstRps: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    product.push(await saturate(testCase.server.baseUrl, testCase.request, saturation));
    if (limit && memoryRequest) {
      const reference = await runPgbench(limit.databaseUrl, limit.statement, {
        seconds: options.saturationSeconds,
        variables: limit.variables,
        settings: limit.settings,
      });
      if (reference.failed > 0) failures.push(`the reference statement failed ${reference.failed} times`);
      postgresRps.push(reference.tps);
      memoryRps.push((await saturate(options.memory.baseUrl, memoryRequest, saturation)).rps);
    }
    if (testCase.against) {
      againstRps.push(
        (await saturate(testCase.against.server.baseUrl, testCase.against.request, saturation)).rps,
      );
    }
  }
  const rps = median(product.map((result) => result.rps));
  const saturationErrors = product.reduce((sum, result) => sum + result.errors, 0);
  errors += saturationErrors;

  let limitRps: number | null = null;
  if (limit) {
    limitRps = limitOf(median(postgresRps), median(memoryRps));
    if (rps / limitRps < limit.minRatio)
      failures.push(`${(rps / limitRps).toFixed(2)}x of the limit < ${limit.minRatio}`);
  }
  const against = testCase.against ? median(againstRps) : null;
  if (testCase.against && against !== null && rps / against < testCase.against.minRatio) {
    failures.push(`ratio ${(rps / against).toFixed(2)} < ${testCase.against.minRatio}`);
  }

  let loaded: FixedRateResult | null = null;
  let unloaded: FixedRateResult | null = null;
  const rate = testCase.latency ? halfRate(rps) : null;
  if (testCase.latency && rate !== null) {
    const atRate = (offered: number) =>
      runFixedRate({
        baseUrl: testCase.server.baseUrl,
        rate: offered,
        seconds: options.fixedSeconds,
        warmupSeconds: 2,
        requests: toFixedRequests(testCase.request),
        maxInFlight: 256,
      });
    loaded = await atRate(rate);
    unloaded = await atRate(UNLOADED_RATE);
    errors += loaded.errors + unloaded.errors;
    const maxP99 = MAX_P99_MS[testCase.latency];
    if (!(loaded.p99Ms <= maxP99))
      failures.push(`p99 ${loaded.p99Ms.toFixed(1)} ms at ${rate}/s > ${maxP99} ms`);
  }
  if (errors > 0) {
    const where = [
      `${saturationErrors} saturated`,
      ...(loaded ? [`${loaded.errors} at ${rate}/s${errorKinds(loaded)}`] : []),
      ...(unloaded ? [`${unloaded.errors} at ${UNLOADED_RATE}/s${errorKinds(unloaded)}`] : []),
    ];
    failures.push(`${errors} failed requests (${where.join(', ')})`);
  }
  return {
    name: testCase.name,
    rps,
    postgresRps: limit ? median(postgresRps) : null,
    memoryRps: limit ? median(memoryRps) : null,
    limitRps,
    limitRatio: limitRps ? rps / limitRps : null,
    minLimitRatio: limit?.minRatio ?? null,
    againstLabel: testCase.against?.label ?? null,
    againstRps: against,
    ratio: against ? rps / against : null,
    minRatio: testCase.against?.minRatio ?? null,
    rate,
    p50Ms: loaded?.p50Ms ?? null,
    p99Ms: loaded?.p99Ms ?? null,
    maxP99Ms: testCase.latency ? MAX_P99_MS[testCase.latency] : null,
    unloadedP99Ms: unloaded?.p99Ms ?? null,
    errors,
    failures,
  };
}
