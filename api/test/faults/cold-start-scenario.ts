import { API_PATHS } from '@helpdesk/contracts';
import { type ApiProcess, signIn, waitForStatus } from './api-process.ts';
import { type FigureSection, figure, formatMs, info } from './figures.ts';
import type { PostgresServer } from './postgres-server.ts';

type ColdStartContext = {
  postgres: PostgresServer;
  startApi: () => ApiProcess;
  /** A live session from earlier in the run: its requests need the database to check it. */
  cookie: string;
  log: (line: string) => void;
};

type Probe = { status: number | 'network' | 'timeout'; ms: number };

// While the database is down an answer must come at least this fast (the pool's connect timeout is 3 s).
const FAST_ANSWER_MS = 4000;
// How long the API runs without a database before PostgreSQL appears.
const DOWN_FOR_MS = 3000;
const READY_TARGET_MS = 5000;

async function probe(url: string, init: RequestInit = {}): Promise<Probe> {
  const started = Date.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    return { status: response.status, ms: Date.now() - started };
  } catch (error) {
    const status = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network';
    return { status, ms: Date.now() - started };
  }
}

const describeProbe = (p: Probe) => `${p.status} in ${formatMs(p.ms)}`;

/**
 * Starts the API while PostgreSQL is stopped: it must listen, say it is alive but not ready,
 * answer requests 503 fast, and become ready by itself once PostgreSQL starts.
 */
export async function runColdStartScenario(context: ColdStartContext): Promise<FigureSection> {
  const { postgres, log } = context;
  await postgres.stop();
  log('PostgreSQL stopped; starting an API without it');
  const api = context.startApi();
  let isListening = true;
  try {
    await api.waitForLine('API listening', 15_000);
  } catch (error) {
    isListening = false;
    log(error instanceof Error ? error.message : String(error));
  }
  const health = await probe(`${api.base}${API_PATHS.health}`);
  const ready = await probe(`${api.base}${API_PATHS.ready}`);
  const login = await probe(`${api.base}${API_PATHS.authLogin}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'agent', password: 'Agent123!' }),
  });
  const list = await probe(`${api.base}${API_PATHS.tickets}`, { headers: { cookie: context.cookie } });
  await Bun.sleep(DOWN_FOR_MS);

  log('starting PostgreSQL');
  await postgres.start();
  const backAt = Date.now();
  const readyAt = isListening ? await waitForStatus(`${api.base}${API_PATHS.ready}`, 200, 30_000, 50) : null;
  const readyMs = readyAt === null ? Number.POSITIVE_INFINITY : readyAt - backAt;
  let signedIn = false;
  if (readyAt !== null) {
    signedIn = await signIn(api.base, 'agent', 'Agent123!').then(
      () => true,
      () => false,
    );
  }
  const isSameProcess = api.exitCode() === null;
  api.signal('SIGTERM');
  const exitCode = await Promise.race([api.exited, Bun.sleep(15_000).then(() => null)]);
  if (exitCode === null) api.signal('SIGKILL');

  const isFast = (p: Probe) => p.status === 503 && p.ms <= FAST_ANSWER_MS;
  return {
    title: 'Start with the database down',
    figures: [
      figure(
        'API started without PostgreSQL',
        isListening ? `yes, /api/health ${describeProbe(health)}` : 'no',
        'listening, health 200',
        isListening && health.status === 200,
      ),
      figure(
        '/api/ready while down',
        describeProbe(ready),
        `503 within ${formatMs(FAST_ANSWER_MS)}`,
        isFast(ready),
      ),
      figure(
        'sign-in while down',
        describeProbe(login),
        `503 within ${formatMs(FAST_ANSWER_MS)}`,
        isFast(login),
      ),
      figure(
        'ticket list while down',
        describeProbe(list),
        `503 within ${formatMs(FAST_ANSWER_MS)}`,
        isFast(list),
      ),
      info('PostgreSQL started after', formatMs(DOWN_FOR_MS)),
      figure(
        'ready after PostgreSQL appeared',
        Number.isFinite(readyMs) ? formatMs(readyMs) : 'never',
        `within ${formatMs(READY_TARGET_MS)}`,
        readyMs <= READY_TARGET_MS,
      ),
      figure(
        'without a restart',
        isSameProcess && signedIn
          ? `yes (same pid ${api.pid}, sign-in 200)`
          : `no (${isSameProcess ? 'running' : 'exited'}, sign-in ${signedIn ? 'ok' : 'failed'})`,
        'yes',
        isSameProcess && signedIn,
      ),
      figure(
        'exit code after SIGTERM',
        exitCode === null ? 'none (killed after 15 s)' : exitCode,
        '0',
        exitCode === 0,
      ),
    ],
  };
}
