import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

export type Config = {
  databaseUrl: string;
  port: number;
  nodeEnv: NodeEnv;
  isProduction: boolean;
  /** The shell's public URL, without a trailing slash: reset links are built from it, never from Host. */
  appBaseUrl: string;
  /** Origins allowed to send unsafe requests: APP_BASE_URL's origin plus ALLOWED_ORIGINS. */
  allowedOrigins: ReadonlySet<string>;
  /** Peers whose X-Forwarded-For is believed. */
  trustedProxies: ReadonlySet<string>;
  /** Until email sending exists, reset links go to the API log. */
  logResetLinks: boolean;
  /** The session cookie: the __Host- prefix (which requires Secure) in production. */
  sessionCookie: { name: string; isSecure: boolean };
  /** Bearer token for GET /api/metrics; without it only direct loopback peers may scrape. */
  metricsToken: string | undefined;
  /** Absolute directory for attachment files (ATTACHMENTS_DIR), outside any static root; created on first upload. */
  attachmentsDir: string;
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

function readMetricsToken(env: Env): string | undefined {
  const raw = env.METRICS_TOKEN ?? '';
  if (raw === '') return undefined;
  if (raw.length < 16 || /\s/.test(raw)) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters without spaces');
  }
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

  const trustedProxies = readList(env, 'TRUSTED_PROXIES');
  for (const ip of trustedProxies) {
    if (!isIP(ip)) throw new ConfigError(`TRUSTED_PROXIES must be a comma list of IP addresses, got '${ip}'`);
  }

  return {
    databaseUrl,
    port: readPort(env, 'API_PORT', 3001),
    nodeEnv,
    isProduction,
    appBaseUrl,
    allowedOrigins,
    trustedProxies: new Set(trustedProxies),
    logResetLinks: readBoolean(env, 'LOG_RESET_LINKS', nodeEnv === 'development'),
    attachmentsDir: readDirectory(env, 'ATTACHMENTS_DIR', DEFAULT_ATTACHMENTS_DIR),
    metricsToken: readMetricsToken(env),
    // Production runs behind TLS; COOKIE_SECURE=false is for a local http trial of a production start.
    sessionCookie: readBoolean(env, 'COOKIE_SECURE', isProduction)
      ? { name: '__Host-helpdesk_session', isSecure: true }
      : { name: 'helpdesk_session', isSecure: false },
  };
}
