/**
 * The API container's entry (docker/api.Dockerfile): the API part of `bun run start`. Applies
 * migrations and creates the first admin from ADMIN_* when none exists, then runs the API in this
 * process, so SIGTERM from Docker reaches its graceful shutdown directly.
 */
import { FirstAdminError } from '../src/bootstrap/first-admin.ts';
import { prepareProductionDatabase } from './production-database.ts';

function log(level: 'info' | 'error', msg: string) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg });
  if (level === 'error') console.error(line);
  else console.log(line);
}

const databaseUrl = process.env.DATABASE_URL ?? '';
if (!databaseUrl) {
  log('error', 'DATABASE_URL is required, e.g. postgres://user:password@postgres:5432/helpdesk');
  process.exit(1);
}

try {
  await prepareProductionDatabase(databaseUrl, process.env, (line) => log('info', line));
} catch (error) {
  const reason = error instanceof FirstAdminError ? error.message : `migration failed: ${String(error)}`;
  log('error', reason);
  process.exit(1);
}

await import('../src/index.ts');
