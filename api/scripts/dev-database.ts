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
export async function openDatabase(options: DatabaseOptions): Promise<{
  /** The server over TCP (or DATABASE_URL as given): what a proxy in front of it can take. */
  url: string;
  /** What the product's processes on this machine connect with: the embedded server's Unix socket. */
  localUrl: string;
  stop: () => Promise<void>;
}> {
  if (options.url) {
    options.log(`using the server in DATABASE_URL`);
    return { url: options.url, localUrl: options.url, stop: async () => {} };
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
  return { url: embedded.url, localUrl: embedded.socketUrl, stop: embedded.stop };
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
