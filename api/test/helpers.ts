/** What API tests share: one running API over real HTTP, clients with cookie jars, users made directly in the database. */
import {
  DEFAULT_SETTINGS,
  type TApiError,
  type TUpdateSettingsRequest,
  type TUser,
  type TUserRole,
  type TUserStatus,
  ZApiError,
} from '@helpdesk/contracts';
import postgres from 'postgres';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { createSql } from '../src/db/postgres.ts';
import { sql } from '../src/db.ts';
import { setRateLimitScale } from '../src/limits/rate-limits.ts';
import { formatLogLine, type Logger } from '../src/log.ts';
import { hashPassword } from '../src/passwords.ts';

if (!process.env.DATABASE_URL) {
  throw new Error(
    'DATABASE_URL is not set: run `bun test` from the repository root so api/test/preload.ts runs.',
  );
}

export const TEST_PASSWORD = 'Test1234!';
export const APP_ORIGIN = 'http://localhost:3000';

/** Every line the API logged during this run. */
export const logLines: string[] = [];
const testLogger: Logger = {
  info: (line, fields) => logLines.push(fields ? formatLogLine('info', line, fields) : line),
  error: (line, error) => {
    logLines.push(line);
    if (error !== undefined) logLines.push(String(error));
  },
};

// The test client stands behind a trusted proxy (127.0.0.1), so each client can have its own IP
// through X-Forwarded-For and throttling tests do not disturb each other.
export const testConfig = loadConfig({
  DATABASE_URL: process.env.DATABASE_URL,
  NODE_ENV: 'test',
  APP_BASE_URL: APP_ORIGIN,
  TRUSTED_PROXIES: '127.0.0.1,::1',
  // Each run stores attachments in its own directory (made by the preload), never in .data/uploads.
  ATTACHMENTS_DIR: process.env.TEST_ATTACHMENTS_DIR,
  RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE,
});

setRateLimitScale(testConfig.rateLimitScale);
export const app = createApp({ config: testConfig, log: testLogger });
app.listen({ hostname: '127.0.0.1', port: 0 });
export const BASE_URL = `http://127.0.0.1:${app.server?.port}`;

export { sql };

let counter = 0;
/** A name no other test uses: `${prefix}_${n}_${random}`, within the username limits. */
export function uniqueName(prefix = 'u'): string {
  counter += 1;
  return `${prefix}_${counter}_${crypto.randomUUID().slice(0, 8)}`;
}

let ipCounter = 0;
function nextIp(): string {
  ipCounter += 1;
  const n = ipCounter + Math.floor(Math.random() * 200) * 65_536;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export type TestResponse = { status: number; headers: Headers; body: unknown; text: string };

type RequestOptions = { json?: unknown; body?: BodyInit; headers?: Record<string, string> };

/** A browser-less client with a cookie jar and its own client IP. */
export class TestClient {
  cookie: string | null = null;
  readonly ip: string;

  constructor(options: { ip?: string } = {}) {
    this.ip = options.ip ?? nextIp();
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...options.headers };
    if (this.cookie) headers.cookie = `${testConfig.sessionCookie.name}=${this.cookie}`;
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${BASE_URL}${path}`, { method, headers, body, redirect: 'manual' });
    for (const setCookie of response.headers.getSetCookie()) {
      const cookie = Bun.Cookie.parse(setCookie);
      if (cookie.name !== testConfig.sessionCookie.name) continue;
      this.cookie = cookie.value && cookie.maxAge !== 0 ? cookie.value : null;
    }
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  get(path: string, options?: RequestOptions) {
    return this.request('GET', path, options);
  }
  post(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request('POST', path, json === undefined ? options : { ...options, json });
  }
  patch(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request('PATCH', path, json === undefined ? options : { ...options, json });
  }
  put(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request('PUT', path, json === undefined ? options : { ...options, json });
  }
}

const hashes = new Map<string, Promise<string>>();
/** One argon2 hash per distinct password for the whole run: hashing is the slow part of these tests. */
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export type TestUser = TUser & { password: string };

/** Inserts a user straight into the database (default: an active end user with TEST_PASSWORD). */
export async function createUser(
  options: {
    role?: TUserRole;
    status?: TUserStatus;
    password?: string;
    username?: string;
    email?: string;
    /** Default true: a user of the tests has confirmed their address, as every user before confirmation links had. */
    isEmailVerified?: boolean;
  } = {},
): Promise<TestUser> {
  const username = options.username ?? uniqueName(options.role ?? 'u');
  const password = options.password ?? TEST_PASSWORD;
  const [user] = await sql<TUser[]>`
    insert into users (username, email, password_hash, first_name, last_name, role, status, email_verified_at)
    values (${username}, ${options.email ?? `${username}@example.test`}, ${await hashOnce(password)},
            'Test', ${username}, ${options.role ?? 'end_user'}, ${options.status ?? 'active'},
            ${options.isEmailVerified === false ? null : new Date()})
    returning id, username, email, email_verified_at is not null as "emailVerified",
      pending_email as "pendingEmail", first_name as "firstName", last_name as "lastName",
      profile_image_url as "profileImageUrl", role, status, approved_by as "approvedBy",
      approved_at as "approvedAt", last_login_at as "lastLoginAt", created_at as "createdAt",
      updated_at as "updatedAt"`;
  if (!user) throw new Error('test user was not inserted');
  return { ...user, password };
}

/** A client signed in as the user (through the real sign-in route). */
export async function signIn(user: { username: string; password: string }): Promise<TestClient> {
  const client = new TestClient();
  const response = await client.post('/api/auth/login', { username: user.username, password: user.password });
  if (response.status !== 200)
    throw new Error(`sign-in as ${user.username} failed: ${response.status} ${response.text}`);
  return client;
}

/** A user of a role, signed in. */
export async function signedIn(
  role: TUserRole,
  options: Parameters<typeof createUser>[0] = {},
): Promise<{ user: TestUser; client: TestClient }> {
  const user = await createUser({ ...options, role });
  return { user, client: await signIn(user) };
}

/** A fresh, migrated database on the test server, for tests that need an empty one. */
export async function createScratchDatabase(options: { isMigrated?: boolean } = {}) {
  const name = `scratch_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const mainUrl = new URL(process.env.DATABASE_URL ?? '');
  const adminUrl = new URL(mainUrl);
  adminUrl.pathname = '/postgres';
  const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(mainUrl);
  url.pathname = `/${name}`;
  const scratch = createSql(url.toString(), { max: 4 });
  if (options.isMigrated ?? true) await migrate(scratch);
  return {
    url: url.toString(),
    sql: scratch,
    drop: async () => {
      await scratch.end({ timeout: 1 });
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** The error body shape every failure has. */
export function errorOf(response: TestResponse): TApiError {
  const parsed = ZApiError.strict().safeParse(response.body);
  if (!parsed.success) throw new Error(`not an error body: ${response.status} ${response.text}`);
  return parsed.data;
}

/** The body of PUT /api/admin/settings: the defaults, changed where `changes` say. */
export function settingsForm(changes: Partial<TUpdateSettingsRequest> = {}): TUpdateSettingsRequest {
  const { smtpPasswordSet: _isSet, updatedAt: _updatedAt, ...defaults } = DEFAULT_SETTINGS;
  return { ...defaults, ...changes };
}

/**
 * Runs `work` with RATE_LIMIT_SCALE at `scale` (1: the production limits), then puts the suites'
 * scale back: the limits' own tests see them as a person would.
 */
export async function withRateLimitScale<T>(scale: number, work: () => Promise<T>): Promise<T> {
  setRateLimitScale(scale);
  try {
    return await work();
  } finally {
    setRateLimitScale(testConfig.rateLimitScale);
  }
}

/**
 * Runs `body` while the given users are the only active admins: every other active admin is made
 * an agent for the duration and restored afterwards (test files run one at a time).
 */
export async function withOnlyAdmins(adminIds: string[], body: () => Promise<void>): Promise<void> {
  const others = await sql<{ id: string }[]>`
    update users set role = 'agent'
    where role = 'admin' and status = 'active' and id <> all(${adminIds}::uuid[])
    returning id`;
  try {
    await body();
  } finally {
    await sql`update users set role = 'admin' where id = any(${others.map((row) => row.id)}::uuid[])`;
  }
}
