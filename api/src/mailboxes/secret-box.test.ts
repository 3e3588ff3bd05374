import { describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { ConfigError, loadConfig } from '../config.ts';
import { MISSING_KEY_MESSAGE, openSecret, SecretBoxError, sealSecret } from './secret-box.ts';

const key = randomBytes(32);

describe('secret box', () => {
  test('a sealed secret opens again, and two seals of one secret differ (fresh IV)', () => {
    const a = sealSecret(key, 'pw-ünïcode');
    const b = sealSecret(key, 'pw-ünïcode');
    expect(a).not.toBe(b);
    expect(a.startsWith('v1.')).toBe(true);
    expect(a).not.toContain('pw-');
    expect(openSecret(key, a)).toBe('pw-ünïcode');
  });

  test('tampering, another key, an unknown version or garbage are errors, never a wrong secret', () => {
    const sealed = sealSecret(key, 'secret');
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    for (const index of [0, 13, bytes.length - 1]) {
      const changed = Buffer.from(bytes);
      changed[index] = (changed[index] ?? 0) ^ 1;
      expect(() => openSecret(key, `v1.${changed.toString('base64')}`)).toThrow(SecretBoxError);
    }
    expect(() => openSecret(randomBytes(32), sealed)).toThrow(/current MAIL_SECRET_KEY/);
    expect(() => openSecret(key, `v2.${sealed.slice(3)}`)).toThrow(/unknown format/);
    expect(() => openSecret(key, 'v1.AAAA')).toThrow(/damaged/);
    expect(() => openSecret(key, 'plain')).toThrow(SecretBoxError);
  });

  test('without a key nothing is stored or read, with a clear message', () => {
    expect(() => sealSecret(null, 'x')).toThrow(MISSING_KEY_MESSAGE);
    expect(() => openSecret(null, sealSecret(key, 'x'))).toThrow(MISSING_KEY_MESSAGE);
  });
});

describe('MAIL_SECRET_KEY', () => {
  const base = { DATABASE_URL: 'postgres://u:p@localhost:5432/db' };
  const production = { ...base, NODE_ENV: 'production', TRUSTED_PROXIES: 'none' };

  test('base64 and hex are read; development has a stable stand-in; production has none', () => {
    const raw = randomBytes(32);
    expect(loadConfig({ ...base, MAIL_SECRET_KEY: raw.toString('base64') }).mailSecretKey).toEqual(raw);
    expect(loadConfig({ ...base, MAIL_SECRET_KEY: raw.toString('hex') }).mailSecretKey).toEqual(raw);
    const dev = loadConfig(base).mailSecretKey;
    expect(dev?.length).toBe(32);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).mailSecretKey).toEqual(dev);
    expect(loadConfig(production).mailSecretKey).toBeNull();
  });

  test('a malformed key stops the start with a message naming the variable', () => {
    for (const bad of [
      'short',
      randomBytes(16).toString('base64'),
      randomBytes(33).toString('hex'),
      'x'.repeat(44),
    ]) {
      expect(() => loadConfig({ ...production, MAIL_SECRET_KEY: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ ...production, MAIL_SECRET_KEY: bad })).toThrow(/MAIL_SECRET_KEY must be 32/);
    }
  });
});
