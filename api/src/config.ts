import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

export type Config = {
  databaseUrl: string;
  /** DATABASE_POOL_MAX: the main pool's connections (DATABASE_POOL_MAX_DEFAULT unless set). */
  databasePoolMax: number;
  port: number;
  /**
   * API_HOST: the interface the API listens on. Development and tests default to 127.0.0.1 (only
   * this machine reaches the API); production defaults to every interface (undefined).
   */
  host: string | undefined;
  nodeEnv: NodeEnv;
  isProduction: boolean;
  /** The shell's public URL, without a trailing slash: reset links are built from it, never from Host. */
  appBaseUrl: string;
  /** Origins allowed to send unsafe requests: APP_BASE_URL's origin plus ALLOWED_ORIGINS. */
  allowedOrigins: ReadonlySet<string>;
  /**
   * RATE_LIMIT_SCALE (default 1): multiplies every abuse limit (docs/security.md#abuse-limits), for load
   * tests and automated acceptance runs; the limits themselves apply in every mode.
   */
  rateLimitScale: number;
  /**
   * TRUSTED_PROXIES: the proxies (addresses or CIDR ranges) whose X-Forwarded-For is believed;
   * empty for 'none' or, outside production, when unset (docs/operations.md#client-addresses).
   */
  trustedProxies: ReadonlySet<string>;
  /** The SMTP server from SMTP_* (used when the saved settings name no SMTP host), or null. */
  smtp: EnvSmtp | null;
  /** The session cookie: the __Host- prefix (which requires Secure) in production. */
  sessionCookie: { name: string; isSecure: boolean };
  /** Bearer token for GET /api/metrics; without it only direct loopback peers may scrape. */
  metricsToken: string | undefined;
  /** Absolute directory for attachment files (ATTACHMENTS_DIR), outside any static root; created on first upload. */
  attachmentsDir: string;
  /** GET /api/events: heartbeat (and session re-check) interval, and open streams allowed per user and per process. */
  realtime: { heartbeatMs: number; maxStreamsPerUser: number; maxStreams: number };
  /**
   * How long (SESSION_CACHE_SECONDS, 0 = off) a safe request may answer its session or its unread
   * count from this process's caches, which the database's notifications clear on every change
   * (api/src/process-caches.ts); 0 also turns off the shared desk dashboard answers.
   */
  sessionCacheMs: number;
  /**
   * Background work (api/src/worker): whether the API process runs it (WORKER_IN_API; false when
   * `bun run worker` runs it on its own), and how often the SLA watch and the cleanup look.
   */
  worker: { isInApi: boolean; slaWatchIntervalMs: number; cleanupIntervalMs: number };
  /**
   * MAIL_INTAKE_LEASE_SECONDS: how long a worker's claim on an incoming message lasts. A worker that
   * dies holding claims leaves those messages for this long before another takes them over
   * (docs/reliability.md#fault-suite); processing one takes well under a second.
   */
  mailIntakeLeaseMs: number;
  /**
   * MAIL_SECRET_KEY: the 32-byte key that encrypts mailbox secrets at rest (api/src/mailboxes/secret-box.ts).
   * Outside production a fixed development key stands in when unset; in production unset means null,
   * and storing a mailbox secret is refused (docs/operations.md#mail-secret-key).
   */
  mailSecretKey: Buffer | null;
};

/** SMTP from the environment: SMTP_HOST, SMTP_PORT, SMTP_SECURE, SMTP_USER and SMTP_PASSWORD. */
export type EnvSmtp = {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  isSecure: boolean;
  username: string | null;
  password: string | null;
};

/** `<repo>/.data/uploads`: next to the development database, ignored by git. */
export const DEFAULT_ATTACHMENTS_DIR = join(import.meta.dir, '../../.data/uploads');

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function readPort(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isInteger(value) || value < 1 || value > 65535) {
    throw new ConfigError(`${name} must be a port number (1-65535), got '${raw}'`);
  }
  return value;
}

function readOrigin(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL such as http://localhost:3000, got '${raw}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an http(s) URL such as http://localhost:3000, got '${raw}'`);
  }
  return url.origin;
}

function readList(env: Env, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new ConfigError(`${name} must be 'true' or 'false', got '${raw}'`);
}

/** A directory path; a relative one is taken from the current directory, as a shell user expects. */
function readDirectory(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (raw.includes('\u0000')) throw new ConfigError(`${name} must be a directory path`);
  return isAbsolute(raw) ? raw : resolve(raw);
}

function readInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got '${raw}'`);
  }
  return value;
}

/**
 * The API process's database pool when DATABASE_POOL_MAX is unset. A desk's requests are short
 * statements, and PostgreSQL serves them best with few connections, each kept busy: about twice
 * the database server's cores in all. On a 2-core machine with the database beside the API, 4
 * answered a cheap read half as often again as 10 did (the statements of one connection leave in
 * one write and are read in one wake-up), and no slower for the lists (docs/performance.md).
 */
export const DATABASE_POOL_MAX_DEFAULT = 4;

/** DATABASE_POOL_MAX: the connections of the API process's main pool (1-100). */
export function readDatabasePoolMax(env: Env): number {
  return readInteger(env, 'DATABASE_POOL_MAX', DATABASE_POOL_MAX_DEFAULT, 1, 100);
}

/** RATE_LIMIT_SCALE: a positive number (a fraction makes the limits stricter), 1 when unset. */
export function readRateLimitScale(env: Env): number {
  const raw = env.RATE_LIMIT_SCALE?.trim();
  if (raw === undefined || raw === '') return 1;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || value <= 0 || value > 1_000_000) {
    throw new ConfigError(`RATE_LIMIT_SCALE must be a positive number up to 1000000, got '${raw}'`);
  }
  return value;
}

function readMetricsToken(env: Env): string | undefined {
  const raw = env.METRICS_TOKEN ?? '';
  if (raw === '') return undefined;
  if (raw.length < 16 || /\s/.test(raw)) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters without spaces');
  }
  return raw;
}

/** A host name or an IP address: nothing else may reach nodemailer's connection options or a listen call. */
function isHostOrIp(value: string): boolean {
  return (
    isIP(value) !== 0 || (value.length <= 255 && /^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(value))
  );
}

function readSmtp(env: Env): EnvSmtp | null {
  const host = env.SMTP_HOST?.trim() ?? '';
  if (host === '') {
    const stray = ['SMTP_PORT', 'SMTP_SECURE', 'SMTP_USER', 'SMTP_PASSWORD'].find((name) => env[name]);
    if (stray)
      throw new ConfigError(`${stray} is set but SMTP_HOST is not: set SMTP_HOST too, or unset ${stray}`);
    return null;
  }
  if (!isHostOrIp(host)) throw new ConfigError(`SMTP_HOST must be a host name or IP address, got '${host}'`);
  const securePort = env.SMTP_PORT === '465';
  const isSecure = readBoolean(env, 'SMTP_SECURE', securePort);
  const port = readPort(env, 'SMTP_PORT', isSecure ? 465 : 587);
  const username = env.SMTP_USER ?? '';
  const password = env.SMTP_PASSWORD ?? '';
  if ((username === '') !== (password === '')) {
    throw new ConfigError('SMTP_USER and SMTP_PASSWORD go together: set both, or neither');
  }
  if (/[\r\n]/.test(username)) throw new ConfigError('SMTP_USER must be one line');
  return { host, port, isSecure, username: username || null, password: password || null };
}

const TRUSTED_PROXIES_CHOICES =
  "a comma list of IP addresses or CIDR ranges of the proxies in front of the API (such as 127.0.0.1 for a shell server on this host, or 10.0.0.0/8), or 'none' when clients reach the API directly";

/** One TRUSTED_PROXIES entry: an IP address, or a CIDR range such as 172.16.0.0/12. */
export function isProxyEntry(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUSTED_PROXIES. In production it must be said: an API behind a proxy it does not trust sees every
 * client as the proxy, and one stranger's failed sign-ins would throttle everyone
 * (docs/security.md#client-addresses). Elsewhere unset means none.
 */
function readTrustedProxies(env: Env, isProduction: boolean): ReadonlySet<string> {
  const entries = readList(env, 'TRUSTED_PROXIES');
  if (entries.length === 0) {
    if (isProduction)
      throw new ConfigError(`TRUSTED_PROXIES must be set in production: ${TRUSTED_PROXIES_CHOICES}`);
    return new Set();
  }
  if (entries.length === 1 && entries[0] === 'none') return new Set();
  for (const entry of entries) {
    if (!isProxyEntry(entry)) {
      throw new ConfigError(`TRUSTED_PROXIES must be ${TRUSTED_PROXIES_CHOICES}; got '${entry}'`);
    }
  }
  return new Set(entries);
}

/**
 * The development stand-in for MAIL_SECRET_KEY: fixed, so secrets saved by `bun dev` stay readable
 * across restarts, and public, so it never protects anything real.
 */
const DEV_MAIL_SECRET_KEY = createHash('sha256').update('helpdesk development mail secret key').digest();

/** MAIL_SECRET_KEY: exactly 32 bytes written as base64 (`openssl rand -base64 32`) or 64 hex digits. */
function readMailSecretKey(env: Env, isProduction: boolean): Buffer | null {
  const raw = env.MAIL_SECRET_KEY?.trim() ?? '';
  if (raw === '') return isProduction ? null : DEV_MAIL_SECRET_KEY;
  const key = /^[0-9a-fA-F]{64}$/.test(raw)
    ? Buffer.from(raw, 'hex')
    : /^[A-Za-z0-9+/]{43}=$/.test(raw)
      ? Buffer.from(raw, 'base64')
      : null;
  if (key?.length !== 32) {
    throw new ConfigError(
      'MAIL_SECRET_KEY must be 32 random bytes as base64 (generate one with `openssl rand -base64 32`) or as 64 hex digits',
    );
  }
  return key;
}

/** API_HOST: loopback unless said otherwise outside production; every interface in production. */
function readHost(env: Env, isProduction: boolean): string | undefined {
  const raw = env.API_HOST?.trim() ?? '';
  if (raw === '') return isProduction ? undefined : '127.0.0.1';
  if (!isHostOrIp(raw)) throw new ConfigError(`API_HOST must be an IP address or a host name, got '${raw}'`);
  return raw;
}

/** The same site under its other loopback name: a developer may open either localhost or 127.0.0.1. */
function loopbackTwin(origin: string): string | null {
  const url = new URL(origin);
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  else if (url.hostname === '127.0.0.1') url.hostname = 'localhost';
  else return null;
  return url.origin;
}

/** Reads and checks the API's environment; every problem is a ConfigError naming the variable. */
export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = env.DATABASE_URL ?? '';
  if (!databaseUrl) {
    throw new ConfigError('DATABASE_URL is required, e.g. postgres://user:password@localhost:5432/helpdesk');
  }
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const rawEnv = env.NODE_ENV || 'development';
  const nodeEnv = NODE_ENVS.find((name) => name === rawEnv);
  if (!nodeEnv) throw new ConfigError(`NODE_ENV must be one of ${NODE_ENVS.join(', ')}, got '${rawEnv}'`);
  const isProduction = nodeEnv === 'production';

  const appBaseUrlRaw = env.APP_BASE_URL || 'http://localhost:3000';
  const appOrigin = readOrigin('APP_BASE_URL', appBaseUrlRaw);
  const appBaseUrl = appBaseUrlRaw.replace(/\/+$/, '');

  const allowedOrigins = new Set([
    appOrigin,
    ...readList(env, 'ALLOWED_ORIGINS').map((o) => readOrigin('ALLOWED_ORIGINS', o)),
  ]);
  if (!isProduction) {
    for (const origin of [...allowedOrigins]) {
      const twin = loopbackTwin(origin);
      if (twin) allowedOrigins.add(twin);
    }
  }

  const trustedProxies = readTrustedProxies(env, isProduction);

  return {
    databaseUrl,
    databasePoolMax: readDatabasePoolMax(env),
    port: readPort(env, 'API_PORT', 3001),
    host: readHost(env, isProduction),
    nodeEnv,
    isProduction,
    appBaseUrl,
    allowedOrigins,
    rateLimitScale: readRateLimitScale(env),
    trustedProxies,
    smtp: readSmtp(env),
    attachmentsDir: readDirectory(env, 'ATTACHMENTS_DIR', DEFAULT_ATTACHMENTS_DIR),
    metricsToken: readMetricsToken(env),
    realtime: {
      heartbeatMs: readInteger(env, 'REALTIME_HEARTBEAT_MS', 25_000, 200, 60_000),
      maxStreamsPerUser: readInteger(env, 'REALTIME_MAX_STREAMS_PER_USER', 10, 1, 1000),
      maxStreams: readInteger(env, 'REALTIME_MAX_STREAMS', 5000, 1, 100_000),
    },
    sessionCacheMs: readInteger(env, 'SESSION_CACHE_SECONDS', 10, 0, 60) * 1000,
    worker: {
      isInApi: readBoolean(env, 'WORKER_IN_API', true),
      slaWatchIntervalMs: readInteger(env, 'SLA_WATCH_INTERVAL_SECONDS', 30, 1, 3600) * 1000,
      cleanupIntervalMs: readInteger(env, 'CLEANUP_INTERVAL_SECONDS', 3600, 10, 7 * 24 * 3600) * 1000,
    },
    mailSecretKey: readMailSecretKey(env, isProduction),
    mailIntakeLeaseMs: readInteger(env, 'MAIL_INTAKE_LEASE_SECONDS', 300, 5, 3600) * 1000,
    // Production runs behind TLS; COOKIE_SECURE=false is for a local http trial of a production start.
    sessionCookie: readBoolean(env, 'COOKIE_SECURE', isProduction)
      ? { name: '__Host-helpdesk_session', isSecure: true }
      : { name: 'helpdesk_session', isSecure: false },
  };
}
