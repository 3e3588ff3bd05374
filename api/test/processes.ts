/**
 * What the process-level tests share: free ports, a TCP proxy in front of PostgreSQL that makes an
 * outage on demand, and the API (or the worker) as a real child process whose output can be awaited.
 */
import net from 'node:net';
import { join } from 'node:path';

const API_DIR = join(import.meta.dir, '..');

/** A port nothing listens on right now (the OS picks it). */
export function freePort(): number {
  const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const { port } = listener;
  listener.stop(true);
  return port;
}

export type TcpProxy = {
  /** Fixed when the proxy is made, so a restarted proxy is found at the same address. */
  port: number;
  start: () => Promise<void>;
  /** Drops every connection and stops listening: the database is gone. */
  stop: () => Promise<void>;
  /** Drops every connection but keeps listening: a crashed server's clients see this. */
  cut: () => void;
  /** Holds traffic without closing anything: a network that stalls. */
  freeze: () => void;
  thaw: () => void;
  /** The target's URL pointed at the proxy instead. */
  urlFor: (target: URL) => string;
};

/** A TCP proxy to `target` on a free port of its own; call start() to open it. */
export function createTcpProxy(target: { host: string; port: number }): TcpProxy {
  const port = freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  return {
    port,
    start: () =>
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
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (server) server.close(() => resolve());
        else resolve();
        server = null;
      }),
    cut: () => {
      for (const socket of sockets) socket.destroy();
    },
    freeze: () => {
      for (const socket of sockets) socket.pause();
    },
    thaw: () => {
      for (const socket of sockets) socket.resume();
    },
    urlFor: (url) => {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.toString();
    },
  };
}

/** A proxy in front of the database a URL names. */
export function createDatabaseProxy(databaseUrl: string): TcpProxy {
  const target = new URL(databaseUrl);
  return createTcpProxy({ host: target.hostname, port: Number(target.port) });
}

export type ChildProcess = {
  process: Bun.Subprocess<'ignore', 'pipe', 'pipe'>;
  /** Everything it wrote so far, stdout and stderr together. */
  output: () => string;
  /** Resolves once the text appears in the output; throws with the output after `ms`, or once the process ends without it. */
  waitFor: (text: string, ms?: number) => Promise<void>;
};

/**
 * Runs an entry of the api package (`src/index.ts`, `src/worker-main.ts`) with a clean environment:
 * only PATH and HOME pass through, uploads go to the test run's own directory, never .data/. A
 * `preload` runs first in the same process (bun --preload), to watch what the entry does.
 */
export function spawnApiEntry(
  entry: string,
  env: Record<string, string>,
  options: { preload?: string } = {},
): ChildProcess {
  const child = Bun.spawn(['bun', ...(options.preload ? ['--preload', options.preload] : []), entry], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
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
  const collected = Promise.all([collect(child.stdout), collect(child.stderr)]);
  return {
    process: child,
    output: () => output,
    waitFor: async (text, ms = 10_000) => {
      const deadline = Date.now() + ms;
      while (!output.includes(text)) {
        // A process that has ended will never write it: fail now, with why it ended, not at the deadline.
        if (child.exitCode !== null || child.signalCode !== null) {
          await collected;
          if (output.includes(text)) return;
          const ending = child.signalCode ?? `exit ${child.exitCode}`;
          throw new Error(`the process ended (${ending}) before '${text}' appeared:\n${output}`);
        }
        if (Date.now() > deadline) throw new Error(`'${text}' did not appear in the output:\n${output}`);
        await Bun.sleep(25);
      }
    },
  };
}
