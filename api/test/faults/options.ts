/** The fault suite's command line: `bun api/test/faults/run.ts [--quick] [--duration=S] [--outage=S] [--clients=N] [--port-base=P]`. */

export type FaultOptions = {
  isQuick: boolean;
  /** How long the crash test writes. */
  durationMs: number;
  /** How long PostgreSQL stays down in the middle of it. */
  outageMs: number;
  /** Concurrent writers (half sign in as the agent, half as the end user). */
  clients: number;
  /** Pause between one writer's writes, so the load stays steady on a small machine. */
  pauseMs: number;
  /** How many messages arrive in the support mailbox during the mail-in test. */
  mailMessages: number;
  /** PostgreSQL listens on portBase, the API processes on portBase + 1..4. */
  portBase: number;
  /** The whole run is stopped (and fails) after this long. */
  limitMs: number;
};

export const DEFAULT_OPTIONS: FaultOptions = {
  isQuick: false,
  durationMs: 60_000,
  outageMs: 7_000,
  clients: 8,
  pauseMs: 50,
  mailMessages: 500,
  portBase: 7700,
  limitMs: 4.5 * 60_000,
};

const QUICK: Partial<FaultOptions> = { isQuick: true, durationMs: 15_000, outageMs: 5_000, limitMs: 110_000 };

export class UsageError extends Error {
  override name = 'UsageError';
}

export const USAGE =
  'usage: bun api/test/faults/run.ts [--quick] [--duration=SECONDS] [--outage=SECONDS] [--clients=N] [--port-base=PORT]';

function readNumber(name: string, raw: string, min: number, max: number): number {
  if (!/^\d+(\.\d+)?$/.test(raw)) throw new UsageError(`--${name} must be a number, got '${raw}'`);
  const value = Number(raw);
  if (value < min || value > max) throw new UsageError(`--${name} must be from ${min} to ${max}, got ${raw}`);
  return value;
}

/** Parses the arguments; anything unknown or out of range is a UsageError naming it. */
export function parseFaultOptions(args: readonly string[]): FaultOptions {
  const options: FaultOptions = args.includes('--quick')
    ? { ...DEFAULT_OPTIONS, ...QUICK }
    : { ...DEFAULT_OPTIONS };
  for (const arg of args) {
    if (arg === '--quick') continue;
    const match = /^--([a-z-]+)=(.*)$/.exec(arg);
    const [, name, raw] = match ?? [];
    if (name === undefined || raw === undefined) throw new UsageError(`unknown argument '${arg}'\n${USAGE}`);
    if (name === 'duration') options.durationMs = readNumber(name, raw, 5, 600) * 1000;
    else if (name === 'outage') options.outageMs = readNumber(name, raw, 1, 60) * 1000;
    else if (name === 'clients') options.clients = Math.round(readNumber(name, raw, 1, 64));
    else if (name === 'port-base') options.portBase = Math.round(readNumber(name, raw, 1024, 65_000));
    else throw new UsageError(`unknown argument '${arg}'\n${USAGE}`);
  }
  if (options.outageMs >= options.durationMs) {
    throw new UsageError(
      '--outage must be shorter than --duration: the outage happens in the middle of the writes',
    );
  }
  // Room for set-up, the other two tests and the retries that finish after the writes stop.
  options.limitMs = Math.max(options.limitMs, options.durationMs * 2 + 60_000);
  return options;
}
