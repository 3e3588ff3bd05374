/**
 * `bun run start`: the product in production from `bun run build` output. Migrates the database,
 * creates the first admin from ADMIN_* when none exists (no demo data), then runs the API and a
 * static server per app on its own port, in one log stream, until SIGINT/SIGTERM.
 * Without DATABASE_URL it runs on an embedded PostgreSQL under START_DATA_DIR (a one-machine trial,
 * apart from `bun dev`'s database; docs/operations.md#a-trial-without-a-database-server).
 * Environment: see the operator section of README.md.
 */

import { relative } from 'node:path';
import { openDatabase } from '../api/scripts/dev-database.ts';
import { prepareProductionDatabase } from '../api/scripts/production-database.ts';
import { FirstAdminError } from '../api/src/bootstrap/first-admin.ts';
import { type Child, isPortFree, prefixLines, stopChildren } from '../tooling/src/children.ts';
import {
  apiPorts,
  apiProcessCount,
  missingBuilds,
  remoteUrlsFrom,
  type StackPorts,
  startProductionStack,
  waitForStack,
} from '../tooling/src/production-stack.ts';
import { REPO_ROOT } from '../tooling/src/repo-root.ts';
import {
  type TrialDatabase,
  trialApiEnv,
  trialDatabase,
  trialMailSecretKeyEnv,
} from '../tooling/src/trial-database.ts';

const say = prefixLines('start', 5);
const log = (line: string) => say(`${line}\n`);

let children: Child[] = [];
let stopDatabase = async () => {};
let isStopping = false;
async function stop(code: number) {
  if (isStopping) return;
  isStopping = true;
  if (children.length) log('stopping every server');
  await stopChildren(children);
  await stopDatabase().catch((error: unknown) => log(`stopping PostgreSQL failed: ${String(error)}`));
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

/** Before anything has started: say why and exit. */
function fail(message: string): never {
  log(message);
  process.exit(1);
}

let trial: TrialDatabase | null = null;
try {
  trial = process.env.DATABASE_URL ? null : trialDatabase(process.env);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (trial) {
  const inRepo = relative(REPO_ROOT, trial.postgresDir);
  const shown = inRepo.startsWith('..') ? trial.postgresDir : inRepo;
  log(
    `No DATABASE_URL: using the embedded PostgreSQL in ${shown} on 127.0.0.1:${trial.postgresPort} (for a one-machine trial; set DATABASE_URL in production)`,
  );
}

let ports: StackPorts;
try {
  ({ PORTS: ports } = await import('../tooling/src/ports.ts'));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

let apiProcesses = 1;
try {
  apiProcesses = apiProcessCount(process.env);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

const missing = await missingBuilds();
if (missing.length) fail(`${missing.join(', ')} missing: run 'bun run build' first`);

const stackPorts = {
  shell: ports.shell,
  api: ports.api,
  mfTickets: ports.mfTickets,
  mfKb: ports.mfKb,
  mfAdmin: ports.mfAdmin,
};
for (const [name, port] of Object.entries(stackPorts)) {
  if (!isPortFree(port)) fail(`port ${port} (${name}) is in use; set its *_PORT variable`);
}
if (trial && !isPortFree(trial.postgresPort)) {
  fail(
    `port ${trial.postgresPort} (the embedded PostgreSQL) is in use: another 'bun run start' on it? Stop it, or set START_PG_PORT`,
  );
}
for (const port of apiPorts(ports.api, apiProcesses).slice(1)) {
  if (!isPortFree(port))
    fail(`port ${port} (API process ${port - ports.api + 1} of API_PROCESSES) is in use`);
}

let databaseUrl = process.env.DATABASE_URL ?? '';
if (trial) {
  try {
    const database = await openDatabase({
      dataDir: trial.postgresDir,
      port: trial.postgresPort,
      database: 'helpdesk',
      log,
    });
    databaseUrl = database.localUrl;
    stopDatabase = database.stop;
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    await stop(1);
  }
}

try {
  await prepareProductionDatabase(databaseUrl, process.env, log);
} catch (error) {
  log(
    error instanceof FirstAdminError
      ? `cannot create the first admin: ${error.message}`
      : `database preparation failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  await stop(1);
}

const appBaseUrl = process.env.APP_BASE_URL || `http://localhost:${ports.shell}`;
children = startProductionStack({
  databaseUrl,
  ports: stackPorts,
  apiProcesses,
  remoteUrls: remoteUrlsFrom(process.env, ports),
  host: process.env.HOST || '127.0.0.1',
  apiEnv: {
    NODE_ENV: 'production',
    APP_BASE_URL: appBaseUrl,
    // The shell's /api proxy runs next to the API; operators behind other proxies set their own list.
    TRUSTED_PROXIES: process.env.TRUSTED_PROXIES || '127.0.0.1,::1',
    ...(trial ? trialApiEnv(trial, process.env, appBaseUrl) : {}),
    ...(trial ? trialMailSecretKeyEnv(trial, process.env) : {}),
  },
});
for (const child of children) {
  void child.exited.then((code) => {
    if (!isStopping) {
      log(`${child.name} exited (${code}); stopping the others`);
      void stop(1);
    }
  });
}

const down = await waitForStack(stackPorts, 60_000, apiProcesses);
if (down.length) {
  log(`did not come up: ${down.join(', ')}`);
  await stop(1);
}
const apiPortList = apiPorts(ports.api, apiProcesses).join(', ');
log(
  `helpdesk running at http://localhost:${ports.shell} (API on port${apiProcesses > 1 ? 's' : ''} ${apiPortList})`,
);
