import { describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './repo-root.ts';
import { trialApiEnv, trialDatabase, trialMailSecretKeyEnv } from './trial-database.ts';

describe('the trial database of bun run start', () => {
  test('lives in .data/start by default, apart from the dev database in .data/postgres', () => {
    const trial = trialDatabase({});
    expect(trial.postgresDir).toBe(join(REPO_ROOT, '.data/start/postgres'));
    expect(trial.uploadsDir).toBe(join(REPO_ROOT, '.data/start/uploads'));
    expect(trial.postgresDir).not.toBe(join(REPO_ROOT, '.data/postgres'));
    expect(trialDatabase({ START_DATA_DIR: '/srv/trial' }).postgresDir).toBe('/srv/trial/postgres');
    expect(trial.postgresPort).toBe(5434);
    expect(trialDatabase({ START_PG_PORT: '6001' }).postgresPort).toBe(6001);
    for (const bad of ['0', '65536', 'abc', '54.3']) {
      expect(() => trialDatabase({ START_PG_PORT: bad })).toThrow('START_PG_PORT must be a port number');
    }
  });

  test('the API stays on loopback with a plain-http cookie unless the operator says otherwise', () => {
    const trial = trialDatabase({ START_DATA_DIR: '/srv/trial' });
    expect(trialApiEnv(trial, {}, 'http://localhost:3000')).toEqual({
      API_HOST: '127.0.0.1',
      ATTACHMENTS_DIR: '/srv/trial/uploads',
      COOKIE_SECURE: 'false',
    });
    expect(trialApiEnv(trial, {}, 'https://desk.example.com')).not.toHaveProperty('COOKIE_SECURE');
    expect(
      trialApiEnv(
        trial,
        { API_HOST: '0.0.0.0', ATTACHMENTS_DIR: '/files', COOKIE_SECURE: 'true' },
        'http://localhost:3000',
      ),
    ).toEqual({});
  });
});

describe('the trial mail secret key', () => {
  test('is made once in the data directory (owner-only), kept across starts, and an operator key wins', () => {
    const dir = mkdtempSync(join(tmpdir(), 'trial-key-'));
    try {
      const trial = trialDatabase({ START_DATA_DIR: join(dir, 'start') });
      const first = trialMailSecretKeyEnv(trial, {});
      expect(Buffer.from(first.MAIL_SECRET_KEY ?? '', 'base64')).toHaveLength(32);
      expect(trialMailSecretKeyEnv(trial, {})).toEqual(first);
      expect(statSync(join(trial.dataDir, 'mail-secret-key')).mode & 0o777).toBe(0o600);
      expect(trialMailSecretKeyEnv(trial, { MAIL_SECRET_KEY: 'set-by-operator' })).toEqual({});
      const other = trialDatabase({ START_DATA_DIR: join(dir, 'other') });
      expect(trialMailSecretKeyEnv(other, {})).not.toEqual(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
