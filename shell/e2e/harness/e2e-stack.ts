/**
 * The whole product for Playwright through the production start path (tooling/src/production-stack.ts):
 * migrations and the first-admin step, the API in NODE_ENV=production, and the shell and the three
 * remotes each on its own static server. On top: a fresh embedded PostgreSQL with the demo data, plain
 * http (COOKIE_SECURE=false), and the mail catcher (./mail-catcher.ts) as the API's SMTP server:
 * the reset-password test reads the emailed link from its /messages.json. A Dovecot (api/test/imap-server.ts)
 * holds the support mailbox requesters write to (E2E.supportMailbox on E2E.ports.imap); the mail-in
 * specs deliver into it with shell/e2e/harness/mail-client.ts. An OpenID Connect provider
 * (api/test/oidc-test-provider.ts) on E2E.ports.oidc holds the people of E2E.oidc.accounts; the
 * single sign-on specs register it in the desk themselves. Run `bun run build` first;
 * Playwright starts and stops this. The API's messages also go to E2E_API_LOG.
 */
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openDatabase, prepareDatabase } from '../../../api/scripts/dev-database.ts';
import { prepareProductionDatabase } from '../../../api/scripts/production-database.ts';
import { startImapServer } from '../../../api/test/imap-server.ts';
import { startOidcTestProvider } from '../../../api/test/oidc-test-provider.ts';
import { type Child, isPortFree, prefixLines, stopChildren } from '../../../tooling/src/children.ts';
import { missingBuilds, startProductionStack, waitForStack } from '../../../tooling/src/production-stack.ts';
import { E2E } from './e2e-config.ts';
import { startMailCatcher } from './mail-catcher.ts';

const say = (line: string) => prefixLines('e2e', 6)(`${line}\n`);

for (const [name, port] of Object.entries(E2E.ports)) {
  if (!isPortFree(port)) {
    say(`port ${port} (${name}) is in use; set E2E_PORT_BASE to move the e2e stack`);
    process.exit(1);
  }
}
const missing = await missingBuilds();
if (missing.length) {
  say(`${missing.join(', ')} missing: run 'bun run build' first`);
  process.exit(1);
}

/** The API logs JSON lines; the test outbox keeps their messages as plain text. */
function messageOf(line: string): string {
  try {
    const parsed: unknown = JSON.parse(line);
    if (parsed && typeof parsed === 'object' && 'msg' in parsed && typeof parsed.msg === 'string')
      return parsed.msg;
  } catch {
    // Not JSON: a start-up failure line, kept as is.
  }
  return line;
}

mkdirSync(dirname(E2E.apiLog), { recursive: true });
writeFileSync(E2E.apiLog, '');
const dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-e2e-pg-'));
let children: Child[] = [];
let stopDatabase = async () => {};
let stopMailCatcher = async () => {};
let stopImapServer = async () => {};
let stopOidcProvider = async () => {};
let isStopping = false;

async function stop(code: number) {
  if (isStopping) return;
  isStopping = true;
  await stopChildren(children);
  await stopDatabase().catch(() => {});
  await stopMailCatcher().catch(() => {});
  await stopImapServer().catch(() => {});
  await stopOidcProvider().catch(() => {});
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
await prepareProductionDatabase(database.url, {}, say);

const mailCatcher = await startMailCatcher({
  smtpPort: E2E.ports.mailCatcherSmtp,
  httpPort: E2E.ports.mailCatcherHttp,
  log: (line) => say(`mail: ${line}`),
});
stopMailCatcher = mailCatcher.stop;

const imapServer = await startImapServer({ port: E2E.ports.imap });
stopImapServer = imapServer.stop;
imapServer.addUser(E2E.supportMailbox.user, E2E.supportMailbox.password);
say(`support mailbox: imap://${E2E.supportMailbox.user}@${imapServer.host}:${imapServer.port}`);

const oidcProvider = await startOidcTestProvider({
  port: E2E.ports.oidc,
  accounts: E2E.oidc.accounts,
  clients: [
    {
      client_id: E2E.oidc.clientId,
      client_secret: E2E.oidc.clientSecret,
      redirect_uris: E2E.oidc.providerIds.map((id) => `${E2E.baseUrl}/api/auth/sso/${id}/callback`),
      post_logout_redirect_uris: [`${E2E.baseUrl}/login`],
    },
  ],
});
stopOidcProvider = oidcProvider.stop;
say(`identity provider: ${oidcProvider.issuer}`);

const local = (port: number) => `http://127.0.0.1:${port}`;
const ports = {
  shell: E2E.ports.shell,
  api: E2E.ports.api,
  mfTickets: E2E.ports.mfTickets,
  mfKb: E2E.ports.mfKb,
  mfAdmin: E2E.ports.mfAdmin,
};
children = startProductionStack({
  databaseUrl: database.localUrl,
  ports,
  // Two API processes behind the shell's proxy (E2E.ports.api and api2): live updates must cross them.
  apiProcesses: 2,
  remoteUrls: {
    mf_tickets: `${local(ports.mfTickets)}/mf-manifest.json`,
    mf_kb: `${local(ports.mfKb)}/mf-manifest.json`,
    mf_admin: `${local(ports.mfAdmin)}/mf-manifest.json`,
  },
  host: '127.0.0.1',
  apiEnv: {
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    APP_BASE_URL: E2E.baseUrl,
    TRUSTED_PROXIES: '127.0.0.1',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(E2E.ports.mailCatcherSmtp),
    ATTACHMENTS_DIR: `${dataDir}-uploads`,
    // Production refuses to store a mailbox password without a key; a fixed one, since this desk lives for one run.
    MAIL_SECRET_KEY: 'e2e0'.repeat(16),
    // An automated acceptance run registers, asks for reset links, files, comments, uploads and signs in far
    // faster than a person, from a few users and one address: the limits are raised, not changed
    // (docs/security.md#abuse-limits).
    RATE_LIMIT_SCALE: '1000',
  },
  onApiLine: (line) => appendFileSync(E2E.apiLog, `${messageOf(line)}\n`),
});
for (const child of children) {
  void child.exited.then((code) => {
    if (!isStopping) {
      say(`${child.name} exited (${code}); stopping the e2e stack`);
      void stop(1);
    }
  });
}

const down = await waitForStack(ports, 60_000, 2);
if (down.length) {
  say(`did not come up: ${down.join(', ')}`);
  await stop(1);
}
say(`e2e stack ready at ${E2E.baseUrl}`);
