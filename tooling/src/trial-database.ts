import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { REPO_ROOT } from './repo-root.ts';

type Env = Record<string, string | undefined>;

/** Where `bun run start` without DATABASE_URL keeps its embedded PostgreSQL and its uploads. */
export type TrialDatabase = {
  dataDir: string;
  postgresDir: string;
  uploadsDir: string;
  postgresPort: number;
};

/**
 * The trial's places: START_DATA_DIR (default `.data/start`, apart from `bun dev`'s `.data/postgres` and
 * `.data/uploads`, so the two never share a cluster or files) and START_PG_PORT (default 5434, not dev's 5433).
 */
export function trialDatabase(env: Env): TrialDatabase {
  const rawPort = env.START_PG_PORT ?? '';
  const postgresPort = rawPort === '' ? 5434 : Number(rawPort);
  if (!/^\d+$/.test(rawPort || '5434') || postgresPort < 1 || postgresPort > 65535) {
    throw new Error(`START_PG_PORT must be a port number (1-65535), got '${rawPort}'`);
  }
  const raw = env.START_DATA_DIR?.trim() ?? '';
  if (raw.includes('\u0000')) throw new Error('START_DATA_DIR must be a directory path');
  const dataDir = raw === '' ? join(REPO_ROOT, '.data/start') : isAbsolute(raw) ? raw : resolve(raw);
  return {
    dataDir,
    postgresDir: join(dataDir, 'postgres'),
    uploadsDir: join(dataDir, 'uploads'),
    postgresPort,
  };
}

/**
 * The API's environment on the trial database, each only where the operator set nothing: the API on
 * loopback (the shell's proxy beside it is its only client), uploads next to the trial's database, and a
 * cookie without Secure when the desk is served over plain http (a browser on this machine only).
 */
export function trialApiEnv(trial: TrialDatabase, env: Env, appBaseUrl: string): Record<string, string> {
  const defaults: Record<string, string> = {
    API_HOST: '127.0.0.1',
    ATTACHMENTS_DIR: trial.uploadsDir,
    ...(appBaseUrl.startsWith('http://') ? { COOKIE_SECURE: 'false' } : {}),
  };
  return Object.fromEntries(Object.entries(defaults).filter(([name]) => (env[name] ?? '') === ''));
}

/**
 * MAIL_SECRET_KEY for the trial when the operator set none: a random key kept in the trial's data
 * directory (readable by its owner only), made on the first start, so mailbox passwords saved in a
 * trial stay readable across restarts and never share a key with another desk.
 */
export function trialMailSecretKeyEnv(trial: TrialDatabase, env: Env): Record<string, string> {
  if ((env.MAIL_SECRET_KEY ?? '') !== '') return {};
  const file = join(trial.dataDir, 'mail-secret-key');
  if (!existsSync(file)) {
    mkdirSync(trial.dataDir, { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  }
  return { MAIL_SECRET_KEY: readFileSync(file, 'utf8').trim() };
}
