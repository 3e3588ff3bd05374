import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { API_PATHS, ERROR_CODES, SERVER_MESSAGES } from '@helpdesk/contracts';
import { createScratchDatabase } from '../test/helpers.ts';
import { type ChildProcess, createTcpProxy, freePort, spawnApiEntry } from '../test/processes.ts';
import { seedDemoData } from './seed/demo-data.ts';

const startApi = (env: Record<string, string>) => spawnApiEntry('src/index.ts', env);

describe('the API process', () => {
  test('refuses to start without DATABASE_URL, with one clear line', async () => {
    const api = startApi({});
    expect(await api.process.exited).toBe(1);
    expect(api.output()).toContain('API configuration error: DATABASE_URL is required');
    expect(api.output()).not.toContain('    at ');
  });

  test('an attachments directory that cannot be made is one clear line', async () => {
    const api = startApi({
      DATABASE_URL: 'postgres://u:p@127.0.0.1:1/none',
      ATTACHMENTS_DIR: '/proc/helpdesk-uploads',
    });
    expect(await api.process.exited).toBe(1);
    expect(api.output()).toContain('ATTACHMENTS_DIR (/proc/helpdesk-uploads) cannot be created');
    expect(api.output()).not.toContain('    at ');
  });

  test('refuses to start in production without TRUSTED_PROXIES, naming the variable and the choices', async () => {
    const api = startApi({ DATABASE_URL: 'postgres://u:p@127.0.0.1:1/none', NODE_ENV: 'production' });
    expect(await api.process.exited).toBe(1);
    expect(api.output()).toContain('API configuration error: TRUSTED_PROXIES must be set in production');
    expect(api.output()).toContain("'none'");
    expect(api.output()).not.toContain('    at ');
  });

  test('DATABASE_POOL_MAX sizes the main pool, as /api/metrics reports it; a bad value stops the start', async () => {
    const port = freePort();
    const api = startApi({
      DATABASE_URL: 'postgres://u:p@127.0.0.1:1/none',
      API_PORT: String(port),
      DATABASE_POOL_MAX: '2',
      WORKER_IN_API: 'false',
    });
    try {
      await api.waitFor(`API listening on http://localhost:${port}`);
      const body = await (await fetch(`http://127.0.0.1:${port}/api/metrics`)).text();
      expect(body).toMatch(/^helpdesk_db_pool_max_connections 2$/m);
    } finally {
      api.process.kill('SIGKILL');
    }
    const refused = startApi({ DATABASE_URL: 'postgres://u:p@127.0.0.1:1/none', DATABASE_POOL_MAX: '0' });
    expect(await refused.process.exited).toBe(1);
    expect(refused.output()).toContain(
      "API configuration error: DATABASE_POOL_MAX must be a whole number from 1 to 100, got '0'",
    );
  });

  test('a port in use is a clear error naming the port, never another port', async () => {
    const busy = Bun.listen({ hostname: '0.0.0.0', port: 0, socket: { data() {} } });
    try {
      const api = startApi({ DATABASE_URL: 'postgres://u:p@127.0.0.1:1/none', API_PORT: String(busy.port) });
      expect(await api.process.exited).toBe(1);
      expect(api.output()).toContain(`Port ${busy.port} (API_PORT) is already in use`);
      expect(api.output()).not.toContain('API listening');
    } finally {
      busy.stop(true);
    }
  });
});

describe('the worker in the API process', () => {
  const REPORT_OPTIONAL_IMPORTS = join(import.meta.dir, '../test/report-optional-imports.ts');
  const startWatched = (workerInApi: 'true' | 'false', port: number) =>
    spawnApiEntry(
      'src/index.ts',
      { DATABASE_URL: 'postgres://u:p@127.0.0.1:1/none', API_PORT: String(port), WORKER_IN_API: workerInApi },
      { preload: REPORT_OPTIONAL_IMPORTS },
    );

  test('the import report names each package loaded on use when it is loaded', async () => {
    const script = [
      "await import('nodemailer').then((m) => m.default.createTransport({ jsonTransport: true }));",
      "await import('qrcode');",
      "await import('imapflow');",
      "await import('mdast-util-from-markdown');",
    ].join(' ');
    const child = Bun.spawn(['bun', '--preload', REPORT_OPTIONAL_IMPORTS, '-e', script], {
      cwd: join(import.meta.dir, '..'),
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const output = await new Response(child.stdout).text();
    expect(await child.exited).toBe(0);
    for (const name of ['nodemailer', 'imapflow', 'qrcode', 'mdast-util-from-markdown']) {
      expect(output).toContain(`${name} imported`);
    }
  });

  test('runs there by default, with its modules', async () => {
    const port = freePort();
    const api = startWatched('true', port);
    try {
      await api.waitFor('worker started in the API');
      expect(api.output()).toContain('worker module imported: ./worker/runner.ts');
      // Fetching support mail is the worker's, and brings the IMAP client.
      await api.waitFor('imapflow imported');
    } finally {
      api.process.kill('SIGKILL');
    }
  });

  test('beside a worker process of its own, the API loads none of the worker modules', async () => {
    const port = freePort();
    const api = startWatched('false', port);
    try {
      await api.waitFor(`API listening on http://localhost:${port}`);
      // The worker is decided right after the listen: give that moment time to pass.
      await Bun.sleep(500);
      expect(api.output()).not.toContain('worker module imported');
      expect(api.output()).not.toContain('worker started');
      // Nor what only one rare action needs: the mail transport (the worker's sending, or an admin's
      // test mail), the IMAP client (a mailbox's connection test), the QR code writer (two-factor
      // setup) and the Markdown parser (an article saved).
      for (const name of ['nodemailer', 'imapflow', 'qrcode', 'mdast-util-from-markdown']) {
        expect(api.output()).not.toContain(`${name} imported`);
      }
    } finally {
      api.process.kill('SIGKILL');
    }
  });
});

describe('the API against a seeded database that goes away and comes back', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: ReturnType<typeof createTcpProxy>;
  let api: ChildProcess;
  let base = '';
  let cookie = '';

  beforeAll(async () => {
    database = await createScratchDatabase();
    await seedDemoData(database.sql);
    const url = new URL(database.url);
    proxy = createTcpProxy({ host: url.hostname, port: Number(url.port) });
    await proxy.start();
    url.port = String(proxy.port);
    const port = freePort();
    api = startApi({ DATABASE_URL: url.toString(), API_PORT: String(port) });
    await api.waitFor(`API listening on http://localhost:${port}`);
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    if (api.process.exitCode === null) api.process.kill('SIGKILL');
    await proxy.stop();
    await database.drop();
  });

  test('the demo admin signs in; pending and rejected are told why', async () => {
    const login = await fetch(`${base}${API_PATHS.authLogin}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Admin123!' }),
    });
    expect(login.status).toBe(200);
    cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const me = await fetch(`${base}${API_PATHS.authMe}`, { headers: { cookie } });
    expect(((await me.json()) as { user: { username: string; role: string } }).user).toMatchObject({
      username: 'admin',
      role: 'admin',
    });
    for (const [username, password, text] of [
      ['pending', 'Pending123!', 'pending approval'],
      ['rejected', 'Rejected123!', 'rejected'],
    ] as const) {
      const response = await fetch(`${base}${API_PATHS.authLogin}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message).toContain(text);
    }
    expect(api.output()).toContain(
      '"method":"POST","path":"/api/auth/login","route":"/api/auth/login","status":200',
    );
    expect(api.output()).not.toContain('Admin123!');
  });

  test('in development it listens on loopback only: 127.0.0.2 is refused', async () => {
    expect((await fetch(`${base}${API_PATHS.health}`)).status).toBe(200);
    const port = new URL(base).port;
    const other = await fetch(`http://127.0.0.2:${port}${API_PATHS.health}`).then(
      (response) => response.status,
      () => 'refused',
    );
    expect(other).toBe('refused');
  });

  test('while PostgreSQL is unreachable: 503 fast, health still up; then it recovers by itself', async () => {
    await proxy.stop();
    const started = performance.now();
    const ready = await fetch(`${base}${API_PATHS.ready}`);
    expect(ready.status).toBe(503);
    // Whatever needs the database answers 503 (`me` alone may still come from the session cache).
    const count = await fetch(`${base}${API_PATHS.notificationsCount}`, { headers: { cookie } });
    expect(count.status).toBe(503);
    expect(count.headers.get('retry-after')).toBe('5');
    expect(await count.json()).toEqual({
      code: ERROR_CODES.unavailable,
      message: SERVER_MESSAGES.unavailable,
    });
    const signOut = await fetch(`${base}${API_PATHS.authLogout}`, {
      method: 'POST',
      headers: { cookie, origin: 'http://localhost:3000' },
    });
    expect(signOut.status).toBe(503);
    expect(performance.now() - started).toBeLessThan(4000);
    expect((await fetch(`${base}${API_PATHS.health}`)).status).toBe(200);

    await proxy.start();
    expect((await fetch(`${base}${API_PATHS.ready}`)).status).toBe(200);
    const again = await fetch(`${base}${API_PATHS.authMe}`, { headers: { cookie } });
    expect(again.status).toBe(200);
  });

  test('SIGTERM lets an in-flight request finish, closes the pool and exits 0', async () => {
    proxy.freeze();
    const inFlight = fetch(`${base}${API_PATHS.authMe}`, { headers: { cookie } });
    await Bun.sleep(200);
    api.process.kill('SIGTERM');
    await api.waitFor('SIGTERM: stopping the API');
    proxy.thaw();
    expect((await inFlight).status).toBe(200);
    expect(await api.process.exited).toBe(0);
    expect(api.output()).toContain('API stopped');
  });
});
