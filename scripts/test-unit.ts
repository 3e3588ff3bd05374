/**
 * `bun run test:unit`: every `bun test` file, the hostile-input suite split into shards
 * (HOSTILE_SHARD, api/test/attack/hostile/shards.ts) that run beside the rest at once. The suite
 * waits on its server and database far more than it computes, so the shards finish it in a fraction
 * of the time even on two cores. Each process starts its own embedded PostgreSQL (api/test/preload.ts),
 * so they share nothing. One prefixed log stream; exits 1 when any process fails.
 *
 * HOSTILE_SHARDS (default 3) sets the number of shards; 1 runs the suite as one more process.
 * With arguments (`bun run test:unit api/src/tickets`) it is plain `bun test` on them.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { prefixLines, startChild, stopChildren } from '../tooling/src/children.ts';
import { REPO_ROOT } from '../tooling/src/repo-root.ts';

const TIMEOUT = ['--timeout', '30000'];
const HOSTILE = 'api/test/attack/hostile-input.test.ts';
const SHARDS = Number(process.env.HOSTILE_SHARDS ?? 3);
if (!Number.isInteger(SHARDS) || SHARDS < 1) {
  console.error(`HOSTILE_SHARDS must be a whole number of at least 1, not '${process.env.HOSTILE_SHARDS}'`);
  process.exit(1);
}

const args = process.argv.slice(2);
if (args.length) {
  const run = Bun.spawn(['bun', 'test', ...TIMEOUT, ...args], {
    cwd: REPO_ROOT,
    stdio: ['inherit', 'inherit', 'inherit'],
  });
  process.exit(await run.exited);
}

/**
 * The ignore patterns are bunfig.toml's plus the suite: on the command line they replace bunfig's
 * rather than add to them.
 */
const bunfig = Bun.TOML.parse(await Bun.file(join(REPO_ROOT, 'bunfig.toml')).text()) as {
  test?: { pathIgnorePatterns?: string[] };
};
const ignored = [...(bunfig.test?.pathIgnorePatterns ?? []), HOSTILE];

// The suite's figures of an earlier run (whole, or in another number of shards) go: only this run's count.
const figuresDir = join(REPO_ROOT, '.data/reliability');
for (const name of existsSync(figuresDir) ? readdirSync(figuresDir) : []) {
  if (/^hostile-input(\.shard-\d+-of-\d+)?\.json$/.test(name))
    rmSync(join(figuresDir, name), { force: true });
}

const log = prefixLines('test:unit', 6);
const started = performance.now();
const children = [
  startChild({
    name: 'unit',
    colorIndex: 0,
    command: ['bun', 'test', ...TIMEOUT, ...ignored.map((pattern) => `--path-ignore-patterns=${pattern}`)],
    cwd: REPO_ROOT,
  }),
  ...Array.from({ length: SHARDS }, (_, index) =>
    startChild({
      name: `hostile ${index + 1}/${SHARDS}`,
      colorIndex: index + 1,
      // A little lower priority (with their PostgreSQL): the other files hold tests that wait on timers
      // and child processes, and the shards only wait on their own requests.
      command: ['nice', '-n', '5', 'bun', 'test', ...TIMEOUT, `./${HOSTILE}`],
      cwd: REPO_ROOT,
      env: SHARDS > 1 ? { HOSTILE_SHARD: `${index + 1}/${SHARDS}` } : {},
    }),
  ),
];

let isStopping = false;
const stopAll = async (code: number) => {
  if (isStopping) return;
  isStopping = true;
  await stopChildren(children);
  process.exit(code);
};
process.on('SIGINT', () => void stopAll(130));
process.on('SIGTERM', () => void stopAll(143));

const codes = await Promise.all(
  children.map(async (child) => {
    const code = await child.exited;
    const minutes = ((performance.now() - started) / 60_000).toFixed(1);
    log(`${child.name} ${code === 0 ? 'passed' : `failed (exit ${code})`} after ${minutes} min\n`);
    return code;
  }),
);
const failed = children.filter((_, index) => codes[index] !== 0).map((child) => child.name);
log(failed.length ? `failed: ${failed.join(', ')}\n` : 'every process passed\n');
process.exit(failed.length ? 1 : 0);
