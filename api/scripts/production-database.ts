import { ensureFirstAdmin } from '../src/bootstrap/first-admin.ts';
import { migrate } from '../src/db/migrate.ts';
import { createSql } from '../src/db/postgres.ts';

/**
 * The database step of every production start (`bun run start`, the API container, the e2e stack):
 * applies pending migrations, then creates the first admin from ADMIN_* when no admin exists.
 * Throws FirstAdminError (a clear message, never the password) for unusable ADMIN_* values.
 */
export async function prepareProductionDatabase(
  databaseUrl: string,
  env: Record<string, string | undefined>,
  log: (line: string) => void,
) {
  const sql = createSql(databaseUrl, { max: 1 });
  try {
    const applied = await migrate(sql);
    log(applied.length ? `applied migrations: ${applied.join(', ')}` : 'migrations up to date');
    const admin = await ensureFirstAdmin(sql, env);
    if (admin.outcome === 'created') log(`created the first admin '${admin.username}' from ADMIN_USERNAME`);
    if (admin.outcome === 'not-configured') {
      log('no admin exists: set ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD to create the first one');
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}
