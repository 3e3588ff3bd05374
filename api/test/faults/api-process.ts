import { join } from 'node:path';
import { API_PATHS } from '@helpdesk/contracts';
import { REPO_ROOT } from '../../../tooling/src/repo-root.ts';

/** One real API process (`bun api/src/index.ts`) as production runs it, with its output kept for checks. */
export type ApiProcess = {
  port: number;
  base: string;
  pid: number;
  /** Null while it runs. */
  exitCode: () => number | null;
  exited: Promise<number>;
  /** Resolves when a line containing `text` has appeared; throws after `ms` or if the process exits first. */
  waitForLine: (text: string, ms: number) => Promise<void>;
  /** Lines that are not per-request log lines (start-up, errors, shutdown), the last 200. */
  notableLines: () => string[];
  /** Lines where the API logged an unexpected error (a 500), not a known condition such as the database being away. */
  unexpectedErrorCount: () => number;
  signal: (signal: NodeJS.Signals) => void;
};

type ApiOptions = {
  port: number;
  databaseUrl: string;
  attachmentsDir: string;
  /** Extra environment, e.g. worker or realtime switches. */
  env?: Record<string, string>;
};

const KEPT_LINES = 200;

/** Starts the API with a production environment (as shell/e2e/harness/e2e-stack.ts gives it) and plain http. */
export function startApi(options: ApiOptions): ApiProcess {
  const base = `http://127.0.0.1:${options.port}`;
  const child = Bun.spawn(['bun', join(REPO_ROOT, 'api/src/index.ts')], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      // Requests come straight from the harness, no proxy in between.
      TRUSTED_PROXIES: 'none',
      // Eight clients writing as fast as they can for seconds: a load test, far past any person's limits,
      // which it raises rather than measures (docs/security.md#abuse-limits).
      RATE_LIMIT_SCALE: '1000000',
      COOKIE_SECURE: 'false',
      LOG_RESET_LINKS: 'false',
      APP_BASE_URL: base,
      DATABASE_URL: options.databaseUrl,
      API_PORT: String(options.port),
      ATTACHMENTS_DIR: options.attachmentsDir,
      ...options.env,
    },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const notable: string[] = [];
  let unexpectedErrors = 0;
  const waiters = new Set<{ text: string; resolve: () => void }>();
  const seen: string[] = [];

  const onLine = (line: string) => {
    if (!line) return;
    if (line.includes('"level":"error"') && line.includes('unexpected error')) unexpectedErrors++;
    if (!line.includes('"msg":"request"')) {
      notable.push(line);
      if (notable.length > KEPT_LINES) notable.shift();
      seen.push(line);
    }
    for (const waiter of waiters) {
      if (line.includes(waiter.text)) {
        waiters.delete(waiter);
        waiter.resolve();
      }
    }
  };
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    let pending = '';
    for await (const chunk of stream) {
      pending += decoder.decode(chunk, { stream: true });
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    }
    onLine(pending);
  };
  void collect(child.stdout);
  void collect(child.stderr);

  return {
    port: options.port,
    base,
    pid: child.pid,
    exitCode: () => child.exitCode ?? (child.signalCode ? 128 : null),
    exited: child.exited,
    waitForLine: async (text, ms) => {
      if (seen.some((line) => line.includes(text))) return;
      let resolveLine = () => {};
      const appeared = new Promise<void>((resolve) => {
        resolveLine = resolve;
      });
      const waiter = { text, resolve: resolveLine };
      waiters.add(waiter);
      const result = await Promise.race([
        appeared.then(() => 'line' as const),
        child.exited.then(() => 'exited' as const),
        Bun.sleep(ms).then(() => 'timeout' as const),
      ]);
      waiters.delete(waiter);
      if (result === 'line') return;
      // The line may have arrived together with the exit.
      if (seen.some((line) => line.includes(text))) return;
      throw new Error(
        result === 'exited'
          ? `the API exited (${child.exitCode}) before logging '${text}':\n${notable.join('\n')}`
          : `the API did not log '${text}' within ${ms} ms:\n${notable.join('\n')}`,
      );
    },
    notableLines: () => [...notable],
    unexpectedErrorCount: () => unexpectedErrors,
    signal: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}

/** Polls GET `path` until it answers `status`; returns when it did (ms since the epoch), or null at the deadline. */
export async function waitForStatus(
  url: string,
  status: number,
  timeoutMs: number,
  intervalMs = 100,
): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      if (response.status === status) return Date.now();
    } catch {
      // Not listening yet, or the answer was too slow: try again.
    }
    await Bun.sleep(intervalMs);
  }
  return null;
}

/** Signs in and returns the session cookie ('name=value'); throws with the status otherwise. */
export async function signIn(base: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${base}${API_PATHS.authLogin}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (response.status !== 200 || !cookie)
    throw new Error(`signing in as ${username} answered ${response.status}`);
  return cookie;
}
