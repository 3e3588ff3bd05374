/**
 * The benchmark's own PostgreSQL: never the dev database. LARGE_DATABASE_URL names a server (its
 * databases helpdesk_large_1m / helpdesk_large_10k are created there); otherwise an embedded
 * cluster under .data/large on LARGE_PG_PORT (default 5434), tuned for a data set that outgrows
 * the defaults (128 MB of shared buffers would keep the million tickets on disk).
 */
import { join } from 'node:path';
import postgres from 'postgres';
import { startEmbeddedPostgres } from '../../api/scripts/embedded-postgres.ts';
import { migrate } from '../../api/src/db/migrate.ts';
import { REPO_ROOT } from '../../tooling/src/repo-root.ts';

export const LARGE_SIZES = {
  '1m': { tickets: 1_000_000, database: 'helpdesk_large_1m' },
  '10k': { tickets: 10_000, database: 'helpdesk_large_10k' },
} as const;
export type LargeSize = keyof typeof LARGE_SIZES;

export function isLargeSize(value: string): value is LargeSize {
  return Object.hasOwn(LARGE_SIZES, value);
}

const SERVER_SETTINGS = {
  shared_buffers: '2GB',
  effective_cache_size: '8GB',
  work_mem: '16MB',
  maintenance_work_mem: '1GB',
  max_wal_size: '8GB',
  checkpoint_timeout: '30min',
  random_page_cost: '1.1',
  max_connections: '200',
  synchronous_commit: 'off',
  // The query gates count statements per request (pg_stat_statements) and read real plans (auto_explain).
  shared_preload_libraries: 'pg_stat_statements',
};

export type LargeCluster = {
  /** The connection URL of one size's database (created when missing). */
  urlFor: (size: LargeSize) => Promise<string>;
  stop: () => Promise<void>;
  /** Every line the server logs goes to the listener until the returned function is called (embedded only). */
  captureServerLog: ((listener: (text: string) => void) => () => void) | null;
};

function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  const admin = postgres(withDatabase(serverUrl, 'postgres'), { max: 1, onnotice: () => {} });
  try {
    const [row] = await admin`select 1 as found from pg_database where datname = ${database}`;
    if (!row) await admin`create database ${admin(database)}`;
  } finally {
    await admin.end();
  }
}

/** Starts (or connects to) the benchmark cluster. */
export async function openLargeCluster(log: (line: string) => void): Promise<LargeCluster> {
  const external = process.env.LARGE_DATABASE_URL;
  if (external) {
    log('using the server in LARGE_DATABASE_URL');
    return {
      urlFor: async (size) => {
        await ensureDatabase(external, LARGE_SIZES[size].database);
        return withDatabase(external, LARGE_SIZES[size].database);
      },
      stop: async () => {},
      captureServerLog: null,
    };
  }
  const port = Number(process.env.LARGE_PG_PORT ?? 5434);
  const dataDir = join(REPO_ROOT, '.data/large');
  const listeners = new Set<(text: string) => void>();
  const embedded = await startEmbeddedPostgres({
    dataDir,
    port,
    database: 'postgres',
    serverSettings: SERVER_SETTINGS,
    onLog: (line) => {
      for (const listener of listeners) listener(line);
      // A manual vacuum cancels autovacuum with an ERROR line that means nothing to the reader.
      const isNoise = /autovacuum|automatic vacuum/.test(line);
      if (/ERROR|FATAL|PANIC/.test(line) && !isNoise && listeners.size === 0) log(line);
    },
  });
  log(`benchmark PostgreSQL on 127.0.0.1:${port} and its Unix socket (data in ${dataDir})`);
  // Every side of a ratio (the APIs, the worker, pgbench, the ceiling servers) connects through the
  // socket, as a deployment with the database on the same machine does (docs/performance.md).
  return {
    urlFor: async (size) => {
      await ensureDatabase(embedded.socketUrl, LARGE_SIZES[size].database);
      return withDatabase(embedded.socketUrl, LARGE_SIZES[size].database);
    },
    stop: embedded.stop,
    captureServerLog: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The tables the product writes with a created_at: rows newer than the seed are the bench's own. */
const WRITTEN_TABLES = [
  'ticket_comments',
  'ticket_events',
  'notifications',
  // Its delete trigger puts every agent's feed right (00035); marks on these go with them.
  'broadcast_notifications',
  'email_outbox',
  'jobs',
  'sla_alerts',
  'idempotency_keys',
  'sessions',
  'admin_audit_logs',
  'tickets',
] as const;

/**
 * Removes what earlier bench runs wrote (tickets, comments and their trail: every row newer than
 * the seed), then vacuums, so each run measures the seeded data set: tens of thousands of
 * 'Ceiling insert' tickets at the head of the created_at order would change what a newest-first
 * list or search reads. Status changes on seeded tickets stay; they flip open tickets between
 * new and in progress, which keeps the status mix. Within a run, `keepSessions` keeps the run's
 * own sign-ins: the cookies its later cases (the frontend's browser) still use.
 */
export async function removeBenchWrites(
  url: string,
  log: (line: string) => void,
  options: { keepSessions?: boolean } = {},
): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [info] = await sql<{ seededAt: Date }[]>`select seeded_at as "seededAt" from large_seed_info`;
    if (!info) return;
    let removed = 0;
    await sql.begin(async (tx) => {
      await tx`set local statement_timeout = 0`;
      for (const table of WRITTEN_TABLES) {
        if (table === 'sessions' && options.keepSessions) continue;
        // A data set seeded before a table's migration has not got it until the API migrates it.
        const [exists] = await tx`select to_regclass(${table}) is not null as "isThere"`;
        if (!exists?.isThere) continue;
        const result = await tx`delete from ${tx(table)} where created_at > ${info.seededAt}`;
        removed += result.count;
      }
    });
    if (removed === 0) return;
    log(`removed ${removed} rows an earlier run wrote; vacuuming`);
    await sql`set statement_timeout = 0`;
    await sql`vacuum analyze tickets, ticket_comments, ticket_events, notifications`;
    // Not in the list above: a data set seeded before 00035 gets the table from the API's migration.
    if ((await sql`select to_regclass('broadcast_notifications') as name`)[0]?.name) {
      await sql`vacuum analyze broadcast_notifications, broadcast_reads, broadcast_feeds`;
    }
  } finally {
    await sql.end();
  }
}

/**
 * The office-hours policy the bench files its calendar tickets under (medium, software: Berlin,
 * weekdays 09:00-17:00, two holidays), beside the seed's around-the-clock policy of each priority.
 * Idempotent; it stays, as the seed's policies do.
 */
export async function ensureBenchCalendarPolicy(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const day = [{ start: '09:00', end: '17:00' }];
  const week = {
    monday: day,
    tuesday: day,
    wednesday: day,
    thursday: day,
    friday: day,
    saturday: [],
    sunday: [],
  };
  try {
    await sql`
      with calendar as (
        insert into business_calendars (name, time_zone, weekly_hours, holidays)
        values ('Bench office hours', 'Europe/Berlin', ${sql.json(week)},
                ${sql.json([
                  { date: '2026-12-25', everyYear: true },
                  { date: '2026-01-01', everyYear: true },
                ])})
        on conflict ((lower(name))) do update set name = excluded.name
        returning id)
      insert into sla_policies (name, priority, response_minutes, resolution_minutes, category, calendar_id)
      select 'Bench: medium software in office hours', 'medium', 480, 2880, 'software', calendar.id from calendar
      on conflict (priority, team_id, category) where is_active do nothing`;
  } finally {
    await sql.end();
  }
}

/**
 * Brings a seeded data set up to the product's migrations, as a deploy would: a set seeded before
 * a migration (a counter table, an index) is measured as the product now runs. Backfills can take
 * a while at a million tickets (the dashboard counters: about 25 s), once.
 */
export async function migrateLargeDatabase(url: string, log: (line: string) => void): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connection: { statement_timeout: 0 } });
  try {
    const applied = await migrate(sql);
    if (applied.length > 0) log(`applied ${applied.length} migration(s): ${applied.join(', ')}`);
  } finally {
    await sql.end();
  }
}
