/**
 * A Dovecot for a Playwright spec (which runs outside Bun): `bun shell/e2e/harness/imap-server-main.ts
 * <user> <password>` starts one (api/test/imap-server.ts), prints `{ host, port }` as one JSON line, and
 * stops it on SIGTERM.
 */
import { startImapServer } from '../../../api/test/imap-server.ts';

const [user = 'support', password = 'pw-support'] = process.argv.slice(2);
const server = await startImapServer();
server.addUser(user, password);
console.log(JSON.stringify({ host: server.host, port: server.port }));
const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
