/**
 * Preloaded by bunfig.toml for every `bun test` run: one real PostgreSQL for the whole run.
 * An embedded server in a fresh temp dir on a free port (removed afterwards), or the server in
 * TEST_DATABASE_URL when set (never DATABASE_URL, which may be someone's dev database). The
 * schema is migrated before any test file loads, and DATABASE_URL points the API modules at it.
 * Uploaded attachments go to a temp directory (TEST_ATTACHMENTS_DIR), removed at the end.
 */
import { afterAll } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../scripts/embedded-postgres.ts';
import { migrate } from '../src/db/migrate.ts';
import { createSql } from '../src/db/postgres.ts';

function freePort(): number {
  const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const { port } = listener;
  listener.stop(true);
  return port;
}

let stopDatabase = async () => {};
let url = process.env.TEST_DATABASE_URL ?? '';
/**
 * `bun run test:unit` starts several test processes at once: a free port found by one may be taken by
 * another's server before this one binds it, so a failed start tries again on another port.
 */
async function startDatabase(attemptsLeft = 3): Promise<EmbeddedDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-test-pg-'));
  try {
    return await startEmbeddedPostgres({
      dataDir,
      port: freePort(),
      database: 'helpdesk_test',
      isEphemeral: true,
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    if (attemptsLeft <= 1) throw error;
    return startDatabase(attemptsLeft - 1);
  }
}

if (!url) {
  const database = await startDatabase();
  url = database.url;
  stopDatabase = database.stop;
  // The same database through its Unix socket, for the tests of that path (src/db/postgres.test.ts).
  process.env.TEST_DATABASE_SOCKET_URL = database.socketUrl;
}
process.env.DATABASE_URL = url;
// The suites sign in, file and upload far faster than a person: the abuse limits are multiplied for
// them (RATE_LIMIT_SCALE), and each limit's own test sets the scale back to 1 (withRateLimitScale).
process.env.RATE_LIMIT_SCALE ??= '1000';

const sql = createSql(url, { max: 1 });
try {
  await migrate(sql);
} finally {
  await sql.end();
}

// Attachments uploaded by this run's tests go to a directory of their own, removed afterwards.
const attachmentsDir = mkdtempSync(join(tmpdir(), 'helpdesk-test-uploads-'));
process.env.TEST_ATTACHMENTS_DIR = attachmentsDir;

afterAll(async () => {
  await stopDatabase();
  rmSync(attachmentsDir, { recursive: true, force: true });
});
