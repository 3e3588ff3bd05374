/** The bench's results table: one line per endpoint, then the mixed workload and the query gates. */

/** One line of the table: an endpoint's throughput against its ceiling and its latency at a fixed load. */
export type CaseResult = {
  name: string;
  rps: number | null;
  againstLabel: string | null;
  againstRps: number | null;
  ratio: number | null;
  minRatio: number | null;
  /** An absolute floor for the req/s column, for work that is not a request (say, emails processed per second). */
  minRps?: number | null;
  rate: number | null;
  p50Ms: number | null;
  p99Ms: number | null;
  maxP99Ms: number | null;
  /**
   * Information, not a target: the p99 of the raw ceiling server at the same offered load in the
   * same run, what this machine and load generator give a request with none of our layers.
   */
  ceilingP99Ms: number | null;
  errors: number;
  failures: string[];
};

/** A line with nothing measured, for a case that could not run or that fills in only some columns. */
export function blankResult(name: string, failures: string[] = []): CaseResult {
  return {
    name,
    rps: null,
    againstLabel: null,
    againstRps: null,
    ratio: null,
    minRatio: null,
    rate: null,
    p50Ms: null,
    p99Ms: null,
    maxP99Ms: null,
    ceilingP99Ms: null,
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
  mixed: {
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
      'vs',
      'its req/s',
      'ratio',
      'target',
      'load',
      'p50 ms',
      'p99 ms',
      'raw p99',
      'result',
    ],
    ...report.cases.map((row) => {
      const targets = [
        row.minRatio === null ? null : `>= ${row.minRatio.toFixed(2)}x`,
        row.minRps == null ? null : `>= ${row.minRps}/s`,
        row.maxP99Ms === null ? null : `p99 <= ${row.maxP99Ms} ms`,
      ].filter(Boolean);
      return [
        row.name,
        number(row.rps),
        row.againstLabel ?? '-',
        number(row.againstRps),
        row.ratio === null ? '-' : `${row.ratio.toFixed(2)}x`,
        targets.join(', '),
        row.rate === null ? '-' : `${row.rate}/s`,
        number(row.p50Ms, 1),
        number(row.p99Ms, 1),
        number(row.ceilingP99Ms, 1),
        row.failures.length ? `FAIL: ${row.failures.join('; ')}` : 'pass',
      ];
    }),
  ];
  const lines = [pad(rows)];
  if (report.mixed) {
    const mixed = report.mixed;
    lines.push(
      '',
      `mixed agent workload at ${number(mixed.achievedRate)} req/s: p50 ${number(mixed.p50Ms, 1)} ms, p99 ${number(mixed.p99Ms, 1)} ms (target <= 20), ` +
        `${mixed.errors} errors, API memory ${number(mixed.firstMb)} -> ${number(mixed.lastMb)} MB, peak ${number(mixed.peakMb)} MB (target <= 150, not growing): ` +
        (mixed.failures.length ? `FAIL: ${mixed.failures.join('; ')}` : 'pass'),
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
