import postgres from 'postgres';
import { migrate } from '../src/db/migrate.ts';
import { isDatabaseEmpty, seedDemoData } from '../src/seed/demo-data.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded-postgres.ts';

type DatabaseOptions = {
  /** Used as is when set; otherwise an embedded PostgreSQL is started. */
  url?: string;
  dataDir: string;
  port: number;
  database: string;
  isEphemeral?: boolean;
  log: (line: string) => void;
};

/** A database to run against: the given server, or an embedded PostgreSQL started for this process. */
export async function openDatabase(
  options: DatabaseOptions,
): Promise<{ url: string; stop: () => Promise<void> }> {
  if (options.url) {
    options.log(`using the server in DATABASE_URL`);
    return { url: options.url, stop: async () => {} };
  }
  const embedded: EmbeddedDatabase = await startEmbeddedPostgres({
    dataDir: options.dataDir,
    port: options.port,
    database: options.database,
    isEphemeral: options.isEphemeral,
    onLog: (line) => {
      // PostgreSQL is chatty at start-up; keep warnings and errors only.
      if (/ERROR|FATAL|PANIC|WARNING/.test(line)) options.log(line);
    },
  });
  options.log(`embedded PostgreSQL on 127.0.0.1:${options.port} (data in ${options.dataDir})`);
  return embedded;
}

/** Applies pending migrations, then loads the demo data when the database has no users yet. */
export async function prepareDatabase(url: string, log: (line: string) => void, options = { seed: true }) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const applied = await migrate(sql);
    log(applied.length ? `applied migrations: ${applied.join(', ')}` : 'migrations up to date');
    if (options.seed && (await isDatabaseEmpty(sql))) {
      await seedDemoData(sql);
      log('loaded the demo data (sign in as admin / Admin123!)');
    }
  } finally {
    await sql.end();
  }
}
