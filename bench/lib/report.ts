/** The bench's results table: one line per endpoint, then the desk day and the query gates. */

/**
 * One line of the table: an endpoint's throughput against its limit (a read) or what else it is
 * measured against, and its latency at half of its own saturation and at 50/s.
 */
export type CaseResult = {
  name: string;
  rps: number | null;
  /** A read's reference statement under pgbench at the API pool's size (PostgreSQL alone). */
  postgresRps: number | null;
  /** The product's own response body served by Bun from memory. */
  memoryRps: number | null;
  /** The lower of the two: the read's limit. */
  limitRps: number | null;
  limitRatio: number | null;
  minLimitRatio: number | null;
  againstLabel: string | null;
  againstRps: number | null;
  ratio: number | null;
  minRatio: number | null;
  /** An absolute floor for the req/s column, for work that is not a request (say, emails processed per second). */
  minRps?: number | null;
  /** The offered load of the latency figures: half of this endpoint's saturation in the same run. */
  rate: number | null;
  p50Ms: number | null;
  p99Ms: number | null;
  maxP99Ms: number | null;
  /** Information, not a target: the p99 at 50/s, the endpoint unloaded. */
  unloadedP99Ms: number | null;
  errors: number;
  failures: string[];
};

/** A line with nothing measured, for a case that could not run or that fills in only some columns. */
export function blankResult(name: string, failures: string[] = []): CaseResult {
  return {
    name,
    rps: null,
    postgresRps: null,
    memoryRps: null,
    limitRps: null,
    limitRatio: null,
    minLimitRatio: null,
    againstLabel: null,
    againstRps: null,
    ratio: null,
    minRatio: null,
    rate: null,
    p50Ms: null,
    p99Ms: null,
    maxP99Ms: null,
    unloadedP99Ms: null,
    errors: 0,
    failures,
  };
}

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

type Report = {
  cases: CaseResult[];
  deskDay: {
    saturationRps: number;
    p50Ms: number;
    p99Ms: number;
    errors: number;
    achievedRate: number;
    peakMb: number;
    firstMb: number;
    lastMb: number;
    failures: string[];
  } | null;
  gates: {
    results: { name: string; statements: number; plans: number; violations: string[] }[];
    pairViolations: string[];
  } | null;
};

const number = (value: number | null, digits = 0) =>
  value === null || Number.isNaN(value)
    ? '-'
    : value.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function pad(cells: string[][]): string {
  const widths =
    cells[0]?.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length))) ?? [];
  return cells
    .map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '))
    .join('\n');
}

/** Plain text for the terminal (and the same lines pasted into docs/performance.md). */
export function formatTable(report: Report): string {
  const rows = [
    [
      'endpoint',
      'req/s',
      'pg alone',
      'memory',
      'of limit',
      'vs',
      'its req/s',
      'ratio',
      'target',
      'load',
      'p50 ms',
      'p99 ms',
      'p99 50/s',
      'result',
    ],
    ...report.cases.map((row) => {
      const targets = [
        row.minLimitRatio === null ? null : `>= ${row.minLimitRatio.toFixed(2)}x of limit`,
        row.minRatio === null ? null : `>= ${row.minRatio.toFixed(2)}x`,
        row.minRps == null ? null : `>= ${row.minRps}/s`,
        row.maxP99Ms === null ? null : `p99 <= ${row.maxP99Ms} ms`,
      ].filter(Boolean);
      return [
        row.name,
        number(row.rps),
        number(row.postgresRps),
        number(row.memoryRps),
        row.limitRatio === null ? '-' : `${row.limitRatio.toFixed(2)}x`,
        row.againstLabel ?? '-',
        number(row.againstRps),
        row.ratio === null ? '-' : `${row.ratio.toFixed(2)}x`,
        targets.join(', '),
        row.rate === null ? '-' : `${row.rate}/s`,
        number(row.p50Ms, 1),
        number(row.p99Ms, 1),
        number(row.unloadedP99Ms, 1),
        row.failures.length ? `FAIL: ${row.failures.join('; ')}` : 'pass',
      ];
    }),
  ];
  const lines = [pad(rows)];
  if (report.deskDay) {
    const day = report.deskDay;
    lines.push(
      '',
      `desk day (saturates at ${number(day.saturationRps)} req/s) at ${number(day.achievedRate)} req/s: p50 ${number(day.p50Ms, 1)} ms, p99 ${number(day.p99Ms, 1)} ms (target <= 50), ` +
        `${day.errors} errors, API memory ${number(day.firstMb)} -> ${number(day.lastMb)} MB, peak ${number(day.peakMb)} MB (target <= 150, not growing): ` +
        (day.failures.length ? `FAIL: ${day.failures.join('; ')}` : 'pass'),
    );
  }
  if (report.gates) {
    lines.push(
      '',
      pad([
        ['query gate', 'statements', 'plans read', 'result'],
        ...report.gates.results.map((gate) => [
          gate.name,
          String(gate.statements),
          String(gate.plans),
          gate.violations.length ? `FAIL: ${gate.violations.join('; ')}` : 'pass',
        ]),
      ]),
    );
    for (const violation of report.gates.pairViolations) lines.push(`N+1 FAIL: ${violation}`);
  }
  return lines.join('\n');
}
