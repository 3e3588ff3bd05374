/**
 * `bun run start`: the product in production from `bun run build` output. Migrates the database,
 * creates the first admin from ADMIN_* when none exists (no demo data), then runs the API and a
 * static server per app on its own port, in one log stream, until SIGINT/SIGTERM.
 * Environment: see the operator section of README.md.
 */

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

const say = prefixLines('start', 5);
const log = (line: string) => say(`${line}\n`);

function fail(message: string): never {
  log(message);
  process.exit(1);
}

const databaseUrl = process.env.DATABASE_URL ?? '';
if (!databaseUrl) {
  fail('DATABASE_URL is required, e.g. DATABASE_URL=postgres://user:password@db:5432/helpdesk bun run start');
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

for (const [name, port] of Object.entries(ports)) {
  if (name !== 'postgres' && !isPortFree(port))
    fail(`port ${port} (${name}) is in use; set its *_PORT variable`);
}
for (const port of apiPorts(ports.api, apiProcesses).slice(1)) {
  if (!isPortFree(port))
    fail(`port ${port} (API process ${port - ports.api + 1} of API_PROCESSES) is in use`);
}

try {
  await prepareProductionDatabase(databaseUrl, process.env, log);
} catch (error) {
  if (error instanceof FirstAdminError) fail(`cannot create the first admin: ${error.message}`);
  fail(`database preparation failed: ${error instanceof Error ? error.message : String(error)}`);
}

const children: Child[] = startProductionStack({
  databaseUrl,
  ports,
  apiProcesses,
  remoteUrls: remoteUrlsFrom(process.env, ports),
  host: process.env.HOST || '127.0.0.1',
  apiEnv: {
    NODE_ENV: 'production',
    APP_BASE_URL: process.env.APP_BASE_URL || `http://localhost:${ports.shell}`,
    // The shell's /api proxy runs next to the API; operators behind other proxies set their own list.
    TRUSTED_PROXIES: process.env.TRUSTED_PROXIES || '127.0.0.1,::1',
  },
});

let isStopping = false;
async function stop(code: number) {
  if (isStopping) return;
  isStopping = true;
  log('stopping every server');
  await stopChildren(children);
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
for (const child of children) {
  void child.exited.then((code) => {
    if (!isStopping) {
      log(`${child.name} exited (${code}); stopping the others`);
      void stop(1);
    }
  });
}

const down = await waitForStack(ports, 60_000, apiProcesses);
if (down.length) {
  log(`did not come up: ${down.join(', ')}`);
  await stop(1);
}
const apiPortList = apiPorts(ports.api, apiProcesses).join(', ');
log(
  `helpdesk running at http://localhost:${ports.shell} (API on port${apiProcesses > 1 ? 's' : ''} ${apiPortList})`,
);
