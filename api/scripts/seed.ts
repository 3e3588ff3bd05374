/** `bun run seed`: loads the demo data into an empty database (DATABASE_URL). Never in production. */

import { migrate } from '../src/db/migrate.ts';
import { createSql } from '../src/db/postgres.ts';
import { DEMO_ACCOUNTS, isDatabaseEmpty, seedDemoData } from '../src/seed/demo-data.ts';

if (process.env.NODE_ENV === 'production') {
  console.error(
    'Refusing to load demo data with NODE_ENV=production: demo accounts have published passwords.',
  );
  process.exit(1);
}
const url = process.env.DATABASE_URL;
if (!url) {
  console.error(
    'DATABASE_URL is required, e.g. DATABASE_URL=postgres://user:password@localhost:5432/helpdesk bun run seed',
  );
  process.exit(1);
}

const sql = createSql(url, { max: 1 });
try {
  const applied = await migrate(sql);
  if (applied.length) console.log(`applied ${applied.length} migration(s) first: ${applied.join(', ')}`);
  if (!(await isDatabaseEmpty(sql))) {
    console.error(
      'Refusing to load demo data: the database already has users. Use an empty database (or drop and recreate this one).',
    );
    process.exitCode = 1;
  } else {
    await seedDemoData(sql);
    console.log('demo data loaded. Sign in with:');
    for (const account of DEMO_ACCOUNTS.slice(0, 5)) {
      console.log(`  ${account.username} / ${account.password}  (${account.role}, ${account.status})`);
    }
  }
} catch (error) {
  console.error(`seeding failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await sql.end({ timeout: 5 });
}
