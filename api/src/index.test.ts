import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import net from 'node:net';
import { join } from 'node:path';
import { API_PATHS, ERROR_CODES, SERVER_MESSAGES } from '@helpdesk/contracts';
import { createScratchDatabase } from '../test/helpers.ts';
import { seedDemoData } from './seed/demo-data.ts';

const API_DIR = join(import.meta.dir, '..');

function freePort(): number {
  const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const { port } = listener;
  listener.stop(true);
  return port;
}

/** A TCP proxy in front of PostgreSQL that can go down, come back, or freeze traffic: an outage on demand. */
function createProxy(target: { host: string; port: number }) {
  const port = freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const start = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (server) server.close(() => resolve());
      else resolve();
      server = null;
    });
  const freeze = () => {
    for (const socket of sockets) socket.pause();
  };
  const thaw = () => {
    for (const socket of sockets) socket.resume();
  };
  return { port, start, stop, freeze, thaw };
}

type ApiProcess = {
  process: Bun.Subprocess<'ignore', 'pipe', 'pipe'>;
  output: () => string;
  waitFor: (text: string, ms?: number) => Promise<void>;
};

function startApi(env: Record<string, string>): ApiProcess {
  const child = Bun.spawn(['bun', 'src/index.ts'], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      // Never the repository's .data/uploads: the run's own directory from the preload.
      ATTACHMENTS_DIR: process.env.TEST_ATTACHMENTS_DIR ?? '',
      ...env,
    },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let output = '';
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) output += decoder.decode(chunk);
  };
  void collect(child.stdout);
  void collect(child.stderr);
  return {
    process: child,
    output: () => output,
    waitFor: async (text, ms = 10_000) => {
      const deadline = Date.now() + ms;
      while (!output.includes(text)) {
        if (Date.now() > deadline) throw new Error(`'${text}' did not appear in the API output:\n${output}`);
        await Bun.sleep(25);
      }
    },
  };
}

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

describe('the API against a seeded database that goes away and comes back', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: ReturnType<typeof createProxy>;
  let api: ApiProcess;
  let base = '';
  let cookie = '';

  beforeAll(async () => {
    database = await createScratchDatabase();
    await seedDemoData(database.sql);
    const url = new URL(database.url);
    proxy = createProxy({ host: url.hostname, port: Number(url.port) });
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

  test('while PostgreSQL is unreachable: 503 fast, health still up; then it recovers by itself', async () => {
    await proxy.stop();
    const started = performance.now();
    const ready = await fetch(`${base}${API_PATHS.ready}`);
    expect(ready.status).toBe(503);
    const me = await fetch(`${base}${API_PATHS.authMe}`, { headers: { cookie } });
    expect(me.status).toBe(503);
    expect(me.headers.get('retry-after')).toBe('5');
    expect(await me.json()).toEqual({ code: ERROR_CODES.unavailable, message: SERVER_MESSAGES.unavailable });
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
