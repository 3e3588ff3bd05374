/** `bun run migrate`: applies pending migrations to the database in DATABASE_URL. */

import { migrate } from '../src/db/migrate.ts';
import { createSql } from '../src/db/postgres.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error(
    'DATABASE_URL is required, e.g. DATABASE_URL=postgres://user:password@localhost:5432/helpdesk bun run migrate',
  );
  process.exit(1);
}

const sql = createSql(url, { max: 1 });
try {
  const applied = await migrate(sql);
  console.log(
    applied.length
      ? `applied ${applied.length} migration(s): ${applied.join(', ')}`
      : 'migrations are up to date',
  );
} catch (error) {
  console.error(`migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await sql.end({ timeout: 5 });
}
