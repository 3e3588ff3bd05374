/**
 * The whole product from production builds, for Playwright: a fresh embedded PostgreSQL with the
 * demo data, the API, the three remotes and the shell each on its own static server, remotes found
 * through the shell's runtime config. Run `bun run build` first. Playwright starts and stops this.
 * The API's output also goes to E2E_API_LOG, where the reset-password test reads the reset link
 * (until email sending exists the link is only logged).
 */
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openDatabase, prepareDatabase } from '../api/scripts/dev-database.ts';
import { E2E } from './e2e-config.ts';
import { type Child, isPortFree, prefixLines, startChild, stopChildren, waitForUrl } from './lib/children.ts';
import { REPO_ROOT } from './lib/root.ts';

const say = (line: string) => prefixLines('e2e', 6)(`${line}\n`);

for (const [name, port] of Object.entries(E2E.ports)) {
  if (!isPortFree(port)) {
    say(`port ${port} (${name}) is in use; set E2E_PORT_BASE to move the e2e stack`);
    process.exit(1);
  }
}
for (const app of ['shell', 'mf-tickets', 'mf-kb', 'mf-admin']) {
  if (!(await Bun.file(join(REPO_ROOT, app, 'dist/index.html')).exists())) {
    say(`${app}/dist is missing: run 'bun run build' first`);
    process.exit(1);
  }
}

mkdirSync(dirname(E2E.apiLog), { recursive: true });
writeFileSync(E2E.apiLog, '');
const dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-e2e-pg-'));
const children: Child[] = [];
let stopDatabase = async () => {};
let isStopping = false;

async function stop(code: number) {
  if (isStopping) return;
  isStopping = true;
  await stopChildren(children);
  await stopDatabase().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(`${dataDir}-uploads`, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

const database = await openDatabase({
  dataDir,
  port: E2E.ports.postgres,
  database: 'helpdesk_e2e',
  isEphemeral: true,
  log: say,
});
stopDatabase = database.stop;
await prepareDatabase(database.url, say);

const local = (port: number) => `http://127.0.0.1:${port}`;
children.push(
  startChild({
    name: 'api',
    colorIndex: 0,
    command: ['bun', 'src/index.ts'],
    cwd: join(REPO_ROOT, 'api'),
    env: {
      DATABASE_URL: database.url,
      API_PORT: String(E2E.ports.api),
      NODE_ENV: 'test',
      APP_BASE_URL: E2E.baseUrl,
      TRUSTED_PROXIES: '127.0.0.1',
      LOG_RESET_LINKS: 'true',
      ATTACHMENTS_DIR: `${dataDir}-uploads`,
    },
    onLine: (line) => appendFileSync(E2E.apiLog, `${line}\n`),
  }),
);
const remotes = [
  { name: 'mf_tickets', dir: 'mf-tickets', port: E2E.ports.mfTickets },
  { name: 'mf_kb', dir: 'mf-kb', port: E2E.ports.mfKb },
  { name: 'mf_admin', dir: 'mf-admin', port: E2E.ports.mfAdmin },
];
remotes.forEach((remote, index) => {
  children.push(
    startChild({
      name: remote.dir,
      colorIndex: index + 1,
      command: ['bun', 'scripts/serve-static.ts', `${remote.dir}/dist`, String(remote.port)],
      cwd: REPO_ROOT,
    }),
  );
});
children.push(
  startChild({
    name: 'shell',
    colorIndex: 4,
    command: ['bun', 'scripts/serve-static.ts', 'shell/dist', String(E2E.ports.shell)],
    cwd: REPO_ROOT,
    env: {
      API_ORIGIN: local(E2E.ports.api),
      HELPDESK_REMOTES: JSON.stringify(
        Object.fromEntries(remotes.map((r) => [r.name, `${local(r.port)}/mf-manifest.json`])),
      ),
    },
  }),
);
for (const child of children) {
  void child.exited.then((code) => {
    if (!isStopping) {
      say(`${child.name} exited (${code}); stopping the e2e stack`);
      void stop(1);
    }
  });
}

const urls = [`${E2E.baseUrl}/api/ready`, ...remotes.map((r) => `${local(r.port)}/mf-manifest.json`)];
for (const url of urls) {
  if (!(await waitForUrl(url, 60_000))) {
    say(`${url} did not come up`);
    await stop(1);
  }
}
say(`e2e stack ready at ${E2E.baseUrl}`);
