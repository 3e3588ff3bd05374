/**
 * `bun run test:faults`: the fault suite (docs/reliability.md#fault-suite) against a PostgreSQL and API processes it owns.
 * 1. Crash: PostgreSQL killed in immediate mode in the middle of ticket and comment creation, then restarted.
 * 2. SIGTERM with 50 requests in flight.
 * 3. The API started while PostgreSQL is down.
 * 4. Mail in: messages arriving while the IMAP connection is cut and the worker is killed.
 * Prints the figures, writes them to .data/reliability/faults.md (ignored by git: a run never changes
 * a tracked file), and exits 1 when any figure misses its target. Every process and the temp directory
 * go away at the end, on failure and on Ctrl-C too.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { API_PATHS } from '@helpdesk/contracts';
import { isPortFree } from '../../../tooling/src/children.ts';
import { REPO_ROOT } from '../../../tooling/src/repo-root.ts';
import { openDatabase, prepareDatabase } from '../../scripts/dev-database.ts';
import { createSql } from '../../src/db/postgres.ts';
import { type ApiProcess, signIn, startApi, waitForStatus } from './api-process.ts';
import { runColdStartScenario } from './cold-start-scenario.ts';
import { runCrashScenario } from './crash-scenario.ts';
import {
  type FaultReport,
  type FigureSection,
  figure,
  formatMs,
  formatReport,
  missedFigures,
  replaceBetweenMarkers,
} from './figures.ts';
import { runMailInScenario } from './mail-in-scenario.ts';
import { parseFaultOptions, UsageError } from './options.ts';
import { createPostgresServer, isAlive, type PostgresServer, runningChildren } from './postgres-server.ts';
import { runShutdownScenario } from './shutdown-scenario.ts';

const REPORT_PATH = join(REPO_ROOT, '.data/reliability/faults.md');
const IN_FLIGHT = 50;
const MAIL_SECRET_KEY = Buffer.from(crypto.getRandomValues(new Uint8Array(32)));

const say = (line: string) => process.stdout.write(`[faults] ${line}\n`);

const METHOD = [
  'A real PostgreSQL and real API processes (`bun api/src/index.ts`, NODE_ENV=production) run from a temp',
  'directory. **Crash**: clients signed in as agent and end user create tickets and comments, each request with',
  'its own Idempotency-Key, and send the same request again after a 503 or no answer until it is acknowledged;',
  'half-way PostgreSQL gets SIGQUIT (what `pg_ctl stop -m immediate` sends), stays down, and restarts on the same',
  'data with crash recovery. Afterwards every acknowledged write is looked up in the database by its marker and',
  'its key. **SIGTERM**: 50 comment POSTs send their headers and half their bodies, the API gets SIGTERM, then the',
  'bodies are finished. **Cold start**: the API starts while PostgreSQL is stopped; PostgreSQL starts later.',
  '**Mail in**: 500 messages are APPENDed in batches into a Dovecot support mailbox the API fetches; a third of',
  'the way Dovecot restarts (every connection cut), two thirds of the way the API running the mail tasks gets',
  'SIGKILL and another starts. Afterwards each message is counted by the marker in its subject.',
].join('\n');

let options: ReturnType<typeof parseFaultOptions>;
try {
  options = parseFaultOptions(Bun.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(error.message);
  process.exit(2);
}

const ports = {
  postgres: options.portBase,
  crashApi: options.portBase + 1,
  shutdownApi: options.portBase + 2,
  coldStartApi: options.portBase + 3,
  mailApi: options.portBase + 4,
};
for (const [name, port] of Object.entries(ports)) {
  if (!isPortFree(port)) {
    say(`port ${port} (${name}) is in use; pass --port-base=<port> to move the fault suite`);
    process.exit(1);
  }
}

const workDir = mkdtempSync(join(tmpdir(), 'helpdesk-faults-'));
const dataDir = join(workDir, 'pg');
const apis: ApiProcess[] = [];
let postgres: PostgresServer | null = null;

/** The postmaster named in the data directory's pid file, if it is still running (an interrupted set-up). */
function runningPostmaster(): number | null {
  try {
    const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

function waitUntil(isDone: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!isDone() && Date.now() < deadline) Bun.sleepSync(50);
}

let isCleanedUp = false;
/**
 * Synchronous so it also works from an exit handler: kill the APIs, quit PostgreSQL (SIGQUIT, so its
 * backends go too), then whatever else this process started (an interrupted initdb), and remove the
 * temp dir, retrying while a dying child still writes into it.
 */
function cleanUpNow() {
  if (isCleanedUp) return;
  isCleanedUp = true;
  for (const api of apis) api.signal('SIGKILL');
  postgres?.killNow();
  const leftover = runningPostmaster();
  if (leftover !== null) {
    process.kill(leftover, 'SIGQUIT');
    waitUntil(() => runningPostmaster() === null, 5000);
  }
  for (const pid of runningChildren()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  waitUntil(() => runningChildren().length === 0, 3000);
  waitUntil(() => {
    try {
      rmSync(workDir, { recursive: true, force: true });
    } catch {
      // A child still writing into it: try again.
    }
    return !existsSync(workDir);
  }, 5000);
}
process.on('exit', cleanUpNow);
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.on(signal, () => {
    say(`${signal}: stopping`);
    cleanUpNow();
    process.exit(code);
  });
}
setTimeout(() => {
  say(`stopped: the run took longer than ${formatMs(options.limitMs)}`);
  cleanUpNow();
  process.exit(1);
}, options.limitMs);

/** Runs one test; an error that stops it becomes a missed figure instead of ending the run. */
async function attempt(title: string, run: () => Promise<FigureSection>): Promise<FigureSection> {
  try {
    return await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    say(`${title} failed: ${message}`);
    return { title, figures: [figure('test ran to the end', `no: ${message.split('\n')[0]}`, 'yes', false)] };
  }
}

const startedAt = new Date();
const runId = crypto.randomUUID().replaceAll('-', '').slice(0, 12);
say(
  `run ${runId}: ${options.isQuick ? 'quick' : 'default'} (${formatMs(options.durationMs)} of writes, ` +
    `${formatMs(options.outageMs)} outage, ${options.clients} clients), ports ${options.portBase}-${options.portBase + 4}`,
);

const initial = await openDatabase({ dataDir, port: ports.postgres, database: 'helpdesk_faults', log: say });
await prepareDatabase(initial.url, say);
// Hand the data directory over to a server this script can kill the way a crash does.
await initial.stop();
const server = createPostgresServer({
  dataDir,
  port: ports.postgres,
  log: (line) => say(`[postgres] ${line}`),
});
postgres = server;
await server.start();

const databaseUrl = initial.url;
const openSql = () => createSql(databaseUrl, { max: 2 });
const launchApi = (port: number, env?: Record<string, string>) => {
  const api = startApi({ port, databaseUrl, attachmentsDir: join(workDir, 'uploads'), env });
  apis.push(api);
  return api;
};
const stopApi = async (api: ApiProcess) => {
  api.signal('SIGTERM');
  const code = await Promise.race([api.exited, Bun.sleep(15_000).then(() => null)]);
  if (code === null) api.signal('SIGKILL');
  return code;
};

const sections: FigureSection[] = [];
let sessionCookie = '';
const crashApi = launchApi(ports.crashApi);
sections.push(
  await attempt('Crash: PostgreSQL killed in immediate mode under writes', async () => {
    await crashApi.waitForLine('API listening', 15_000);
    if ((await waitForStatus(`${crashApi.base}${API_PATHS.ready}`, 200, 15_000)) === null) {
      throw new Error('the API never became ready');
    }
    sessionCookie = await signIn(crashApi.base, 'user', 'User1234!');
    const section = await runCrashScenario(
      { api: crashApi, postgres: server, openSql, runId, log: say },
      {
        durationMs: options.durationMs,
        outageMs: options.outageMs,
        clients: options.clients,
        pauseMs: options.pauseMs,
      },
    );
    const unexpected = crashApi.unexpectedErrorCount();
    section.figures.push(figure('unexpected errors in the API log', unexpected, '0', unexpected === 0));
    return section;
  }),
);
const crashExit = await stopApi(crashApi);
say(`crash-test API stopped (exit ${crashExit ?? 'none'})`);

sections.push(
  await attempt(`SIGTERM with ${IN_FLIGHT} requests in flight`, () =>
    runShutdownScenario({
      startApi: () => launchApi(ports.shutdownApi),
      openSql,
      runId,
      inFlight: IN_FLIGHT,
      log: say,
    }),
  ),
);

sections.push(
  await attempt('Start with the database down', () =>
    runColdStartScenario({
      postgres: server,
      startApi: () => launchApi(ports.coldStartApi),
      cookie: sessionCookie,
      log: say,
    }),
  ),
);

sections.push(
  await attempt(
    `Mail in: ${options.mailMessages} messages through a cut connection and a killed worker`,
    () =>
      runMailInScenario(
        {
          // A key for this run only: the mailbox's password is stored encrypted, as in production. The
          // killed API's claims on messages run out in 5 s instead of five minutes, so the test ends soon.
          startApi: () =>
            launchApi(ports.mailApi, {
              MAIL_SECRET_KEY: MAIL_SECRET_KEY.toString('hex'),
              MAIL_INTAKE_LEASE_SECONDS: '5',
            }),
          openSql,
          mailSecretKey: MAIL_SECRET_KEY,
          runId,
          log: say,
        },
        { messages: options.mailMessages },
      ),
  ),
);

await server.stop();
const report: FaultReport = {
  startedAt: startedAt.toISOString().replace(/\.\d+Z$/, 'Z'),
  settings: `${options.isQuick ? '--quick' : 'default'} (${formatMs(options.durationMs)} of writes by ${options.clients} clients, PostgreSQL down ${formatMs(options.outageMs)})`,
  totalMs: Date.now() - startedAt.getTime(),
  sections,
};
const markdown = formatReport(report);
process.stdout.write(`\n${markdown}\n\n`);

mkdirSync(dirname(REPORT_PATH), { recursive: true });
writeFileSync(
  REPORT_PATH,
  replaceBetweenMarkers(null, `## Fault suite (\`bun run test:faults\`)\n\n${METHOD}\n\n${markdown}`),
);
say(`figures written to ${REPORT_PATH.slice(REPO_ROOT.length + 1)}`);

const missed = missedFigures(report);
if (missed.length) {
  say(`FAILED: ${missed.length} figure(s) missed their target`);
  for (const api of apis) {
    if (api.notableLines().length)
      say(`API on port ${api.port}, last lines:\n${api.notableLines().slice(-30).join('\n')}`);
  }
  // Last, so a log that keeps only its tail still names what missed.
  for (const f of missed) say(`missed: ${f.name}: ${f.value} (target ${f.target})`);
}
cleanUpNow();
process.exit(missed.length ? 1 : 0);
