import { describe, expect, test } from 'bun:test';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from './config.ts';

const base = { DATABASE_URL: 'postgres://u:p@localhost:5432/db' };

describe('loadConfig', () => {
  test('defaults: development, port 3001, the shell on localhost:3000, no SMTP server', () => {
    const config = loadConfig(base);
    expect(config.nodeEnv).toBe('development');
    expect(config.port).toBe(3001);
    expect(config.appBaseUrl).toBe('http://localhost:3000');
    expect([...config.allowedOrigins].sort()).toEqual(['http://127.0.0.1:3000', 'http://localhost:3000']);
    expect(config.trustedProxies.size).toBe(0);
    expect(config.smtp).toBeNull();
    expect(config.sessionCookie).toEqual({ name: 'helpdesk_session', isSecure: false });
  });

  test('production: __Host- cookie with Secure, exact origins only', () => {
    const config = loadConfig({
      ...base,
      NODE_ENV: 'production',
      APP_BASE_URL: 'https://help.example.com/',
      TRUSTED_PROXIES: 'none',
    });
    expect(config.sessionCookie).toEqual({ name: '__Host-helpdesk_session', isSecure: true });
    expect(config.appBaseUrl).toBe('https://help.example.com');
    expect([...config.allowedOrigins]).toEqual(['https://help.example.com']);
  });

  test('ALLOWED_ORIGINS adds to APP_BASE_URL; TRUSTED_PROXIES is read', () => {
    const config = loadConfig({
      ...base,
      NODE_ENV: 'test',
      APP_BASE_URL: 'https://help.example.com',
      ALLOWED_ORIGINS: 'https://admin.example.com, https://other.example.com/path',
      TRUSTED_PROXIES: '10.0.0.1, ::1',
      API_PORT: '4001',
    });
    expect([...config.allowedOrigins].sort()).toEqual([
      'https://admin.example.com',
      'https://help.example.com',
      'https://other.example.com',
    ]);
    expect([...config.trustedProxies]).toEqual(['10.0.0.1', '::1']);
    expect(config.port).toBe(4001);
  });

  test('TRUSTED_PROXIES: addresses and CIDR ranges; required in production, where none must be said', () => {
    const ranged = loadConfig({ ...base, TRUSTED_PROXIES: '172.16.0.0/12, fd00::/8,10.1.2.3' });
    expect([...ranged.trustedProxies]).toEqual(['172.16.0.0/12', 'fd00::/8', '10.1.2.3']);
    const production = { ...base, NODE_ENV: 'production' };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/TRUSTED_PROXIES must be set in production: .*'none'/);
    expect(loadConfig({ ...production, TRUSTED_PROXIES: 'none' }).trustedProxies.size).toBe(0);
    expect(loadConfig({ ...production, TRUSTED_PROXIES: '127.0.0.1,::1' }).trustedProxies.size).toBe(2);
    for (const bad of ['shell', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', 'none,127.0.0.1', '10.0.0.0/x']) {
      expect(() => loadConfig({ ...base, TRUSTED_PROXIES: bad })).toThrow(/TRUSTED_PROXIES must be/);
    }
  });

  test('API_HOST: loopback by default outside production, every interface in production', () => {
    expect(loadConfig(base).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, NODE_ENV: 'production', TRUSTED_PROXIES: 'none' }).host).toBeUndefined();
    expect(loadConfig({ ...base, API_HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(() => loadConfig({ ...base, API_HOST: 'a b' })).toThrow(/API_HOST/);
  });

  test('SMTP_*: a host alone means the submission port with STARTTLS and no login; 465 means TLS', () => {
    expect(loadConfig({ ...base, SMTP_HOST: 'smtp.example.com' }).smtp).toEqual({
      host: 'smtp.example.com',
      port: 587,
      isSecure: false,
      username: null,
      password: null,
    });
    expect(loadConfig({ ...base, SMTP_HOST: '127.0.0.1', SMTP_PORT: '2525' }).smtp).toEqual({
      host: '127.0.0.1',
      port: 2525,
      isSecure: false,
      username: null,
      password: null,
    });
    expect(loadConfig({ ...base, SMTP_HOST: 'mail.example.com', SMTP_PORT: '465' }).smtp?.isSecure).toBe(
      true,
    );
    expect(loadConfig({ ...base, SMTP_HOST: 'mail.example.com', SMTP_SECURE: 'true' }).smtp?.port).toBe(465);
    expect(
      loadConfig({
        ...base,
        SMTP_HOST: 'mail.example.com',
        SMTP_PORT: '587',
        SMTP_SECURE: 'false',
        SMTP_USER: 'desk@example.com',
        SMTP_PASSWORD: 's3cret pass',
      }).smtp,
    ).toEqual({
      host: 'mail.example.com',
      port: 587,
      isSecure: false,
      username: 'desk@example.com',
      password: 's3cret pass',
    });
  });

  test('RATE_LIMIT_SCALE: 1 by default, a positive number multiplies every limit, anything else is refused', () => {
    expect(loadConfig(base).rateLimitScale).toBe(1);
    expect(loadConfig({ ...base, RATE_LIMIT_SCALE: '100' }).rateLimitScale).toBe(100);
    expect(loadConfig({ ...base, RATE_LIMIT_SCALE: '0.5' }).rateLimitScale).toBe(0.5);
    for (const value of ['0', '-1', 'lots', '1e3', '2000000']) {
      expect(() => loadConfig({ ...base, RATE_LIMIT_SCALE: value })).toThrow(
        'RATE_LIMIT_SCALE must be a positive number up to 1000000',
      );
    }
  });

  test('the main database pool: 4 connections by default, 1 to 100 when set', () => {
    expect(loadConfig(base).databasePoolMax).toBe(4);
    expect(loadConfig({ ...base, DATABASE_POOL_MAX: '1' }).databasePoolMax).toBe(1);
    expect(loadConfig({ ...base, DATABASE_POOL_MAX: '100' }).databasePoolMax).toBe(100);
    for (const value of ['0', '101', '-4', '2.5', 'many', ' 4']) {
      expect(() => loadConfig({ ...base, DATABASE_POOL_MAX: value })).toThrow(
        'DATABASE_POOL_MAX must be a whole number from 1 to 100',
      );
    }
  });

  test('the session cache: 10 s by default, 0 turns it off, at most a minute', () => {
    expect(loadConfig(base).sessionCacheMs).toBe(10_000);
    expect(loadConfig({ ...base, SESSION_CACHE_SECONDS: '0' }).sessionCacheMs).toBe(0);
    for (const value of ['61', '-1', '2.5', 'on']) {
      expect(() => loadConfig({ ...base, SESSION_CACHE_SECONDS: value })).toThrow(
        'SESSION_CACHE_SECONDS must be a whole number from 0 to 60',
      );
    }
  });

  test('the worker: in the API by default, SLA watch every 30 s, cleanup hourly; each can be changed', () => {
    expect(loadConfig(base).worker).toEqual({
      isInApi: true,
      slaWatchIntervalMs: 30_000,
      cleanupIntervalMs: 3_600_000,
    });
    expect(
      loadConfig({
        ...base,
        WORKER_IN_API: 'false',
        SLA_WATCH_INTERVAL_SECONDS: '5',
        CLEANUP_INTERVAL_SECONDS: '600',
      }).worker,
    ).toEqual({ isInApi: false, slaWatchIntervalMs: 5_000, cleanupIntervalMs: 600_000 });
    const cases: [Record<string, string>, string][] = [
      [{ WORKER_IN_API: 'no' }, "WORKER_IN_API must be 'true' or 'false'"],
      [
        { SLA_WATCH_INTERVAL_SECONDS: '0' },
        'SLA_WATCH_INTERVAL_SECONDS must be a whole number from 1 to 3600',
      ],
      [{ SLA_WATCH_INTERVAL_SECONDS: '1.5' }, 'SLA_WATCH_INTERVAL_SECONDS must be a whole number'],
      [{ SLA_WATCH_INTERVAL_SECONDS: '99999' }, 'SLA_WATCH_INTERVAL_SECONDS must be a whole number'],
      [{ CLEANUP_INTERVAL_SECONDS: '-5' }, 'CLEANUP_INTERVAL_SECONDS must be a whole number from 10'],
      [{ CLEANUP_INTERVAL_SECONDS: 'hourly' }, 'CLEANUP_INTERVAL_SECONDS must be a whole number'],
    ];
    for (const [env, message] of cases) {
      expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, ...env })).toThrow(message);
    }
  });

  test('MAIL_INTAKE_LEASE_SECONDS: five minutes by default, 5 s to an hour', () => {
    expect(loadConfig(base).mailIntakeLeaseMs).toBe(300_000);
    expect(loadConfig({ ...base, MAIL_INTAKE_LEASE_SECONDS: '15' }).mailIntakeLeaseMs).toBe(15_000);
    for (const raw of ['4', '3601', 'soon']) {
      expect(() => loadConfig({ ...base, MAIL_INTAKE_LEASE_SECONDS: raw })).toThrow(
        'MAIL_INTAKE_LEASE_SECONDS must be a whole number',
      );
    }
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
      [{ ...base, SMTP_HOST: 'smtp.example.com\r\nRCPT TO:<x@evil.test>' }, 'SMTP_HOST must be a host name'],
      [{ ...base, SMTP_HOST: 'smtp://mail.example.com' }, 'SMTP_HOST must be a host name'],
      [{ ...base, SMTP_HOST: 'mail.example.com', SMTP_PORT: '0' }, 'SMTP_PORT must be a port number'],
      [{ ...base, SMTP_HOST: 'mail.example.com', SMTP_PORT: 'smtp' }, 'SMTP_PORT must be a port number'],
      [
        { ...base, SMTP_HOST: 'mail.example.com', SMTP_SECURE: 'yes' },
        "SMTP_SECURE must be 'true' or 'false'",
      ],
      [
        { ...base, SMTP_HOST: 'mail.example.com', SMTP_USER: 'desk' },
        'SMTP_USER and SMTP_PASSWORD go together',
      ],
      [
        { ...base, SMTP_HOST: 'mail.example.com', SMTP_PASSWORD: 'pw' },
        'SMTP_USER and SMTP_PASSWORD go together',
      ],
      [{ ...base, SMTP_PORT: '2525' }, 'SMTP_PORT is set but SMTP_HOST is not'],
      [{ ...base, SMTP_PASSWORD: 'pw' }, 'SMTP_PASSWORD is set but SMTP_HOST is not'],
    ];
    for (const [env, message] of cases) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    }
  });
});

describe('live-update settings', () => {
  test('a 25 s heartbeat, 10 streams per user and 5000 per process unless set; bad values are refused', () => {
    expect(loadConfig(base).realtime).toEqual({
      heartbeatMs: 25_000,
      maxStreamsPerUser: 10,
      maxStreams: 5000,
    });
    expect(
      loadConfig({
        ...base,
        REALTIME_HEARTBEAT_MS: '1000',
        REALTIME_MAX_STREAMS_PER_USER: '2',
        REALTIME_MAX_STREAMS: '50',
      }).realtime,
    ).toEqual({ heartbeatMs: 1000, maxStreamsPerUser: 2, maxStreams: 50 });
    for (const [name, value] of [
      ['REALTIME_HEARTBEAT_MS', '100'],
      ['REALTIME_HEARTBEAT_MS', '600000'],
      ['REALTIME_HEARTBEAT_MS', '1e4'],
      ['REALTIME_MAX_STREAMS_PER_USER', '0'],
      ['REALTIME_MAX_STREAMS', '-1'],
      ['REALTIME_MAX_STREAMS', 'lots'],
    ] as const) {
      expect(() => loadConfig({ ...base, [name]: value })).toThrow(`${name} must be a whole number`);
    }
  });
});
