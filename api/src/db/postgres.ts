import postgres, { type Sql, type TransactionSql } from 'postgres';

/** A pool or an open transaction: every query function takes one, so services decide the transaction. */
export type Db = Sql | TransactionSql;

const TIMESTAMPTZ_OID = 1184;

/**
 * This process's name in pg_stat_activity: unique per process, so /api/metrics can count its own
 * pool's connections even when many API instances share one database.
 */
export const APPLICATION_NAME = `helpdesk-api ${crypto.randomUUID().slice(0, 8)}`;

/**
 * Seconds before a pool connection tries again after failing to connect (postgres.js `backoff`).
 * postgres.js's default grows to 10-20 s after a handful of failures, counted across the whole
 * pool, and every request waits for it: while the database is down requests hung instead of
 * answering 503, and after it came back the API stayed unready for seconds. Capped at half a
 * second, a request always learns within moments whether the database is there.
 */
export function reconnectDelaySeconds(failures: number): number {
  return Math.min(0.025 * 2 ** Math.max(0, failures), 0.5);
}

/**
 * A timestamptz as PostgreSQL sends it to a UTC session ('2026-11-21 22:36:21.123456+00') as the
 * contracts' ISO string ('2026-11-21T22:36:21.123Z', milliseconds truncated, as Date does). Done
 * on the string: parsing a Date per value cost about 1 ms of a 50-row list's CPU (7 per row).
 * Anything else (infinity, years past 9999 or BC, another offset) goes through Date.
 */
export function isoFromTimestamptz(raw: string): string {
  // Most values carry microseconds ('2026-11-21 22:36:21.123456+00', 29 characters): one slice of
  // the date and one of the time to the millisecond. A 50-row list converts 350 of them.
  if (raw.length === 29 && raw[4] === '-' && raw[10] === ' ' && raw[19] === '.' && raw.endsWith('+00')) {
    return `${raw.slice(0, 10)}T${raw.slice(11, 23)}Z`;
  }
  const end = raw.length - 3;
  if (raw.length >= 22 && raw[4] === '-' && raw[10] === ' ' && raw[19] !== ',' && raw.endsWith('+00')) {
    const fraction = raw[19] === '.' ? raw.slice(20, end) : '';
    if (end === 19 || (raw[19] === '.' && fraction.length > 0 && end - 20 <= 6)) {
      return `${raw.slice(0, 10)}T${raw.slice(11, 19)}.${fraction.padEnd(3, '0').slice(0, 3)}Z`;
    }
  }
  return new Date(raw).toISOString();
}

export type SqlOptions = {
  /** Pool size: every pool says its own (the main one from DATABASE_POOL_MAX, config.ts). */
  max: number;
  /** Run-time parameters every connection of the pool starts with, beside the API's own. */
  settings?: Readonly<Record<string, string>>;
};

/**
 * A postgres.js pool with the API's settings: timestamptz values come back as ISO strings (the
 * contracts' date format, so rows are already the answer's shape), a short connect timeout and
 * reconnect delay so an unreachable database gives a fast 503, and UTC sessions.
 */
export function createSql(url: string, options: SqlOptions): Sql {
  return postgres(url, {
    max: options.max,
    connect_timeout: 3,
    backoff: reconnectDelaySeconds,
    idle_timeout: 30,
    max_lifetime: 30 * 60,
    onnotice: () => {},
    types: {
      isoTimestamp: {
        to: TIMESTAMPTZ_OID,
        from: [TIMESTAMPTZ_OID],
        serialize: (value: Date | string) => (value instanceof Date ? value.toISOString() : value),
        parse: isoFromTimestamptz,
      },
    },
    connection: {
      application_name: APPLICATION_NAME,
      TimeZone: 'UTC',
      statement_timeout: 15_000,
      ...options.settings,
    },
  });
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  // SQLSTATE: too many connections, admin/crash shutdown, cannot connect now.
  '53300',
  '57P01',
  '57P02',
  '57P03',
]);

/** True when the error means "the database cannot be reached right now" rather than a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  const code = String(error.code);
  return UNAVAILABLE_CODES.has(code) || code.startsWith('08') || isMissingSocket(error);
}

/**
 * A server reached through its Unix socket (`?host=/directory`) that is stopped has removed the socket
 * file, so connecting fails with ENOENT, not ECONNREFUSED. Only a connect can mean that: a missing
 * file anywhere else (an attachment) stays a bug.
 */
function isMissingSocket(error: Error & { code: unknown }): boolean {
  return error.code === 'ENOENT' && 'syscall' in error && error.syscall === 'connect';
}

/** The constraint a unique violation hit, or null for any other error. */
export function uniqueViolation(error: unknown): string | null {
  if (error instanceof postgres.PostgresError && error.code === '23505') return error.constraint_name ?? '';
  return null;
}

/** True for text PostgreSQL cannot store (a NUL character, an invalid byte sequence): bad input, not a bug. */
export function isInvalidText(error: unknown): boolean {
  return error instanceof postgres.PostgresError && (error.code === '22021' || error.code === '22P05');
}
