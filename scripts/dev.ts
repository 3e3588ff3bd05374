/**
 * `bun dev`: PostgreSQL (DATABASE_URL, or an embedded server kept in .data/postgres), migrations,
 * demo data on an empty database, then the API, the shell and the three remotes with one
 * prefixed log stream. Ctrl-C (or SIGTERM) stops every child and PostgreSQL.
 */
import { join } from 'node:path';
import { openDatabase, prepareDatabase } from '../api/scripts/dev-database.ts';
import { bunVersionWarning } from '../tooling/src/bun-version.ts';
import {
  type Child,
  isPortFree,
  prefixLines,
  startChild,
  stopChildren,
  waitForUrl,
} from '../tooling/src/children.ts';
import { PORTS } from '../tooling/src/ports.ts';
import { REPO_ROOT } from '../tooling/src/repo-root.ts';

const log = prefixLines('dev', 6);
const say = (line: string) => log(`${line}\n`);
const dbLog = prefixLines('postgres', 5);
const sayDb = (line: string) => dbLog(`${line}\n`);

// Not fatal: a patch release apart usually works, but CI and the images run the pinned one.
const bunWarning = bunVersionWarning();
if (bunWarning) say(`warning: ${bunWarning}`);

const usesOwnDatabase = Boolean(process.env.DATABASE_URL);
// Mail goes to the local catcher unless the developer names a real SMTP server.
const usesMailCatcher = !process.env.SMTP_HOST;
const wanted: [string, number][] = [
  ['SHELL_PORT', PORTS.shell],
  ['API_PORT', PORTS.api],
  ['MF_TICKETS_PORT', PORTS.mfTickets],
  ['MF_KB_PORT', PORTS.mfKb],
  ['MF_ADMIN_PORT', PORTS.mfAdmin],
  ...(usesOwnDatabase ? [] : ([['PG_PORT', PORTS.postgres]] as [string, number][])),
  ...(usesMailCatcher
    ? ([
        ['MAIL_CATCHER_SMTP_PORT', PORTS.mailCatcherSmtp],
        ['MAIL_CATCHER_PORT', PORTS.mailCatcherHttp],
      ] as [string, number][])
    : []),
];
const seen = new Map<number, string>();
for (const [name, port] of wanted) {
  const other = seen.get(port);
  if (other) {
    say(`${name} and ${other} are both ${port}: give each its own port.`);
    process.exit(1);
  }
  seen.set(port, name);
  if (!isPortFree(port)) {
    say(`Port ${port} (${name}) is already in use. Stop whatever uses it, or set ${name} to a free port.`);
    process.exit(1);
  }
}

const children: Child[] = [];
let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
let isShuttingDown = false;

async function shutDown(code: number) {
  if (isShuttingDown) return;
  isShuttingDown = true;
  say('stopping…');
  await stopChildren(children);
  await database?.stop().catch((error: unknown) => sayDb(`stop failed: ${String(error)}`));
  say('stopped');
  process.exit(code);
}
process.on('SIGINT', () => void shutDown(0));
process.on('SIGTERM', () => void shutDown(0));

try {
  database = await openDatabase({
    url: process.env.DATABASE_URL,
    dataDir: join(REPO_ROOT, '.data/postgres'),
    port: PORTS.postgres,
    database: 'helpdesk',
    log: sayDb,
  });
  await prepareDatabase(database.url, sayDb);
} catch (error) {
  sayDb(error instanceof Error ? error.message : String(error));
  await shutDown(1);
}

const shellUrl = `http://localhost:${PORTS.shell}`;
const mailCatcherUrl = `http://localhost:${PORTS.mailCatcherHttp}`;
if (usesMailCatcher) {
  children.push(
    startChild({
      name: 'mail',
      colorIndex: 5,
      command: ['bun', 'shell/e2e/harness/mail-catcher.ts'],
      cwd: REPO_ROOT,
      env: {
        MAIL_CATCHER_SMTP_PORT: String(PORTS.mailCatcherSmtp),
        MAIL_CATCHER_PORT: String(PORTS.mailCatcherHttp),
      },
    }),
  );
}
const apps = [
  { name: 'mf-tickets', dir: 'mf-tickets' },
  { name: 'mf-kb', dir: 'mf-kb' },
  { name: 'mf-admin', dir: 'mf-admin' },
  { name: 'shell', dir: 'shell' },
];
children.push(
  startChild({
    name: 'api',
    colorIndex: 0,
    command: ['bun', '--watch', 'src/index.ts'],
    cwd: join(REPO_ROOT, 'api'),
    env: {
      DATABASE_URL: database?.localUrl ?? '',
      API_PORT: String(PORTS.api),
      NODE_ENV: 'development',
      // The API listens on loopback (API_HOST, 127.0.0.1 by default in development), and the dev
      // servers' /api proxies on this machine tell it each browser's address.
      TRUSTED_PROXIES: process.env.TRUSTED_PROXIES || '127.0.0.1,::1',
      APP_BASE_URL: process.env.APP_BASE_URL ?? shellUrl,
      ...(usesMailCatcher ? { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(PORTS.mailCatcherSmtp) } : {}),
      // Each remote's standalone harness talks to the API from its own dev origin.
      ALLOWED_ORIGINS: [
        process.env.ALLOWED_ORIGINS,
        ...[PORTS.mfTickets, PORTS.mfKb, PORTS.mfAdmin].map((port) => `http://localhost:${port}`),
      ]
        .filter(Boolean)
        .join(','),
    },
  }),
);
apps.forEach((app, index) => {
  children.push(
    startChild({
      name: app.name,
      colorIndex: index + 1,
      command: ['./node_modules/.bin/rsbuild', 'dev'],
      cwd: join(REPO_ROOT, app.dir),
      env: { NODE_ENV: 'development' },
    }),
  );
});

for (const child of children) {
  void child.exited.then((code) => {
    if (isShuttingDown) return;
    say(`${child.name} exited${code === null ? '' : ` with code ${code}`}; stopping everything.`);
    void shutDown(code || 1);
  });
}

if (await waitForUrl(`${shellUrl}/api/ready`, 120_000)) {
  say(
    `ready: ${shellUrl}  (admin / Admin123!, agent / Agent123!, user / User1234!). Ctrl-C stops everything.`,
  );
  if (usesMailCatcher) say(`mail the desk sends (nothing is delivered): ${mailCatcherUrl}`);
} else if (!isShuttingDown) {
  say(`the shell or the API did not answer at ${shellUrl}/api/ready within 2 minutes; see the log above.`);
}
