/**
 * pgbench, PostgreSQL's own load generator, running a reference statement (reference-statements.ts)
 * with as many connections as the API's pool holds: what PostgreSQL alone gives that response.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATABASE_POOL_MAX_DEFAULT } from '../../api/src/config.ts';

/** The API's pool (api/src/config.ts): the product never has more connections to send statements on. */
export const API_POOL_CONNECTIONS = DATABASE_POOL_MAX_DEFAULT;

export type PgbenchResult = { tps: number; transactions: number; failed: number };

/** A custom script: each variable as `\set`, then the statement (one transaction per run). */
export function pgbenchScript(statement: string, variables: Record<string, string | number> = {}): string {
  const sets = Object.entries(variables).map(([name, value]) => `\\set ${name} ${value}`);
  const text = statement.trim();
  return `${[...sets, text.endsWith(';') ? text : `${text};`].join('\n')}\n`;
}

/** Reads pgbench's summary: transactions per second without connection time, and failures. */
export function parsePgbenchOutput(output: string): PgbenchResult {
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1] ?? Number.NaN);
  const transactions = Number(
    /number of transactions actually processed: (\d+)/.exec(output)?.[1] ?? Number.NaN,
  );
  const failed = Number(/number of failed transactions: (\d+)/.exec(output)?.[1] ?? 0);
  return { tps, transactions, failed };
}

/** Session settings as libpq's PGOPTIONS (`-c name=value ...`); names and values are the bench's own. */
export function sessionOptions(settings: Readonly<Record<string, string>> = {}): string {
  return Object.entries(settings)
    .map(([name, value]) => {
      if (!/^[a-z_]+$/.test(name) || !/^[\w.]+$/.test(value))
        throw new Error(`not a setting: ${name}=${value}`);
      return `-c ${name}=${value}`;
    })
    .join(' ');
}

export function hasPgbench(): boolean {
  return Bun.which('pgbench') !== null;
}

/** Runs the statement for `seconds` on `connections` connections, prepared once per connection as postgres.js does. */
export async function runPgbench(
  databaseUrl: string,
  statement: string,
  options: {
    seconds: number;
    variables?: Record<string, string | number>;
    connections?: number;
    /** Settings of pgbench's sessions, as a product pool opens its connections with them. */
    settings?: Readonly<Record<string, string>>;
  },
): Promise<PgbenchResult> {
  if (!hasPgbench())
    throw new Error(
      "pgbench is not installed: 'apt-get install -y postgresql-contrib' (Debian), then run the bench again",
    );
  const dir = mkdtempSync(join(tmpdir(), 'helpdesk-pgbench-'));
  try {
    const script = join(dir, 'reference.sql');
    writeFileSync(script, pgbenchScript(statement, options.variables));
    const run = Bun.spawn(
      [
        'pgbench',
        '--no-vacuum',
        `--client=${options.connections ?? API_POOL_CONNECTIONS}`,
        '--jobs=2',
        `--time=${options.seconds}`,
        '--protocol=prepared',
        `--file=${script}`,
        databaseUrl,
      ],
      {
        stdout: 'pipe',
        stderr: 'pipe',
        env: { ...process.env, PGOPTIONS: sessionOptions(options.settings) },
      },
    );
    const [output, errors, code] = await Promise.all([
      new Response(run.stdout).text(),
      new Response(run.stderr).text(),
      run.exited,
    ]);
    if (code !== 0) throw new Error(`pgbench failed (${code}): ${(errors || output).slice(-800)}`);
    const result = parsePgbenchOutput(output);
    if (!Number.isFinite(result.tps)) throw new Error(`pgbench printed no rate: ${output.slice(-400)}`);
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
