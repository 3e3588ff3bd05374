import { describe, expect, test } from 'bun:test';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from './config.ts';

const base = { DATABASE_URL: 'postgres://u:p@localhost:5432/db' };

describe('loadConfig', () => {
  test('defaults: development, port 3001, the shell on localhost:3000, reset links logged', () => {
    const config = loadConfig(base);
    expect(config.nodeEnv).toBe('development');
    expect(config.port).toBe(3001);
    expect(config.appBaseUrl).toBe('http://localhost:3000');
    expect([...config.allowedOrigins].sort()).toEqual(['http://127.0.0.1:3000', 'http://localhost:3000']);
    expect(config.trustedProxies.size).toBe(0);
    expect(config.logResetLinks).toBe(true);
    expect(config.sessionCookie).toEqual({ name: 'helpdesk_session', isSecure: false });
  });

  test('production: __Host- cookie with Secure, no reset links in the log, exact origins only', () => {
    const config = loadConfig({ ...base, NODE_ENV: 'production', APP_BASE_URL: 'https://help.example.com/' });
    expect(config.sessionCookie).toEqual({ name: '__Host-helpdesk_session', isSecure: true });
    expect(config.logResetLinks).toBe(false);
    expect(config.appBaseUrl).toBe('https://help.example.com');
    expect([...config.allowedOrigins]).toEqual(['https://help.example.com']);
  });

  test('ALLOWED_ORIGINS adds to APP_BASE_URL; TRUSTED_PROXIES and LOG_RESET_LINKS are read', () => {
    const config = loadConfig({
      ...base,
      NODE_ENV: 'test',
      APP_BASE_URL: 'https://help.example.com',
      ALLOWED_ORIGINS: 'https://admin.example.com, https://other.example.com/path',
      TRUSTED_PROXIES: '10.0.0.1, ::1',
      LOG_RESET_LINKS: 'true',
      API_PORT: '4001',
    });
    expect([...config.allowedOrigins].sort()).toEqual([
      'https://admin.example.com',
      'https://help.example.com',
      'https://other.example.com',
    ]);
    expect([...config.trustedProxies]).toEqual(['10.0.0.1', '::1']);
    expect(config.logResetLinks).toBe(true);
    expect(config.port).toBe(4001);
  });

  test('ATTACHMENTS_DIR: <repo>/.data/uploads by default, absolute as given, relative from the working directory', () => {
    expect(loadConfig(base).attachmentsDir).toBe(join(import.meta.dir, '../../.data/uploads'));
    expect(loadConfig({ ...base, ATTACHMENTS_DIR: '/srv/helpdesk/files' }).attachmentsDir).toBe(
      '/srv/helpdesk/files',
    );
    expect(loadConfig({ ...base, ATTACHMENTS_DIR: 'files' }).attachmentsDir).toBe(resolve('files'));
  });

  test('every bad value is a ConfigError naming the variable', () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'DATABASE_URL is required'],
      [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres://'],
      [{ ...base, API_PORT: '70000' }, 'API_PORT must be a port number'],
      [{ ...base, API_PORT: '3001abc' }, 'API_PORT must be a port number'],
      [{ ...base, NODE_ENV: 'staging' }, 'NODE_ENV must be one of development, test, production'],
      [{ ...base, APP_BASE_URL: 'localhost:3000' }, 'APP_BASE_URL must be an http(s) URL'],
      [{ ...base, ALLOWED_ORIGINS: 'ftp://x.example' }, 'ALLOWED_ORIGINS must be an http(s) URL'],
      [
        { ...base, TRUSTED_PROXIES: 'proxy.internal' },
        'TRUSTED_PROXIES must be a comma list of IP addresses',
      ],
      [{ ...base, LOG_RESET_LINKS: 'yes' }, "LOG_RESET_LINKS must be 'true' or 'false'"],
    ];
    for (const [env, message] of cases) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    }
  });
});
