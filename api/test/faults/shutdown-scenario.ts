import net from 'node:net';
import { API_PATHS } from '@helpdesk/contracts';
import type { createSql } from '../../src/db/postgres.ts';
import { type ApiProcess, signIn, waitForStatus } from './api-process.ts';
import { type FigureSection, figure, formatCounts, formatMs } from './figures.ts';

type Sql = ReturnType<typeof createSql>;

type ShutdownContext = {
  /** Starts a fresh API process for this test. */
  startApi: () => ApiProcess;
  openSql: () => Sql;
  runId: string;
  inFlight: number;
  log: (line: string) => void;
};

type RawRequest = {
  socket: net.Socket;
  /** The body still to send after the signal. */
  rest: Buffer;
  /** Resolves with everything the server sent back once it closes the connection. */
  answer: Promise<string>;
  /** Whether any byte of an answer has arrived yet. */
  hasAnswerBytes: () => boolean;
};

const ANSWER_TIMEOUT_MS = 15_000;

/**
 * Opens a connection and sends a comment POST's headers and half its body, holding back the rest:
 * the server has accepted the request and is reading its body, so the request is in flight until
 * the client sends the remainder.
 */
function openHeldRequest(
  port: number,
  path: string,
  cookie: string,
  key: string,
  payload: string,
): Promise<RawRequest> {
  const body = Buffer.from(payload, 'utf8');
  const half = Math.floor(body.length / 2);
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Content-Type: application/json',
    `Content-Length: ${body.length}`,
    `Cookie: ${cookie}`,
    `Idempotency-Key: ${key}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const answer = new Promise<string>((resolveAnswer) => {
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('close', () => resolveAnswer(Buffer.concat(chunks).toString('utf8')));
    });
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write(Buffer.concat([Buffer.from(head, 'utf8'), body.subarray(0, half)]), (error) => {
        if (error) reject(error);
        else {
          socket.removeListener('error', reject);
          socket.on('error', () => {});
          resolve({ socket, rest: body.subarray(half), answer, hasAnswerBytes: () => chunks.length > 0 });
        }
      });
    });
  });
}

/** The status code of a raw HTTP/1.1 answer, or null when there was none. */
export function statusOfRawAnswer(raw: string): number | null {
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(raw);
  return match?.[1] ? Number(match[1]) : null;
}

/**
 * What a new client gets after the signal: 'refused' (nothing listens), 'dropped' (the kernel had
 * completed the handshake just before the listener closed, and the connection was then reset
 * without an answer), or 'answered <status>' when the stopping server still served it.
 */
export function tryNewRequest(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let isConnected = false;
    const finish = (outcome: string) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish(isConnected ? 'no answer in 5 s' : 'connect timed out'), 5000);
    socket.once('connect', () => {
      isConnected = true;
      socket.write(
        `GET ${API_PATHS.health} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
      );
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') finish('refused');
    });
    socket.once('close', () => {
      const status = statusOfRawAnswer(Buffer.concat(chunks).toString('utf8'));
      finish(status === null ? (isConnected ? 'dropped' : 'refused') : `answered ${status}`);
    });
  });
}

/**
 * SIGTERM while `inFlight` comment POSTs are half sent: every one must still be answered 2xx and
 * stored, a new connection after the signal must be refused, and the process must exit 0.
 */
export async function runShutdownScenario(context: ShutdownContext): Promise<FigureSection> {
  const { runId, log } = context;
  const api = context.startApi();
  await api.waitForLine('API listening', 15_000);
  if ((await waitForStatus(`${api.base}${API_PATHS.ready}`, 200, 15_000)) === null) {
    throw new Error('the API for the shutdown test never became ready');
  }
  const cookie = await signIn(api.base, 'user', 'User1234!');
  const created = await fetch(`${api.base}${API_PATHS.tickets}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      title: `faults ${runId} shutdown`,
      description: 'Comments arrive during a SIGTERM.',
    }),
  });
  const ticket: unknown = await created.json();
  if (created.status !== 201 || typeof ticket !== 'object' || ticket === null || !('id' in ticket)) {
    throw new Error(`creating the shutdown test's ticket answered ${created.status}`);
  }
  const path = `${API_PATHS.tickets}/${String(ticket.id)}/comments`;
  const marker = (n: number) => `faults ${runId} in-flight ${n}`;

  const held = await Promise.all(
    Array.from({ length: context.inFlight }, (_, n) =>
      openHeldRequest(
        api.port,
        path,
        cookie,
        `faults-${runId}-inflight-${n}`,
        JSON.stringify({ content: marker(n) }),
      ),
    ),
  );
  // Let the server read every request line and header: each handler is now waiting for its body.
  await Bun.sleep(500);
  const answeredEarly = held.filter((request) => request.hasAnswerBytes()).length;
  log(`SIGTERM with ${held.length} requests in flight`);
  const signalledAt = Date.now();
  api.signal('SIGTERM');
  await api.waitForLine('SIGTERM: stopping the API', 5000);
  const newConnection = await tryNewRequest(api.port);
  // write, not end: a half-closed connection may be dropped before its answer is sent.
  for (const request of held) request.socket.write(request.rest);

  const answers = await Promise.all(
    held.map((request) =>
      Promise.race([request.answer, Bun.sleep(ANSWER_TIMEOUT_MS).then(() => '')]).then((raw) => {
        request.socket.destroy();
        return statusOfRawAnswer(raw);
      }),
    ),
  );
  const exitCode = await Promise.race([api.exited, Bun.sleep(ANSWER_TIMEOUT_MS).then(() => null)]);
  if (exitCode === null) api.signal('SIGKILL');
  const exitMs = Date.now() - signalledAt;

  const statusCounts = new Map<string, number>();
  for (const status of answers)
    statusCounts.set(String(status ?? 'none'), (statusCounts.get(String(status ?? 'none')) ?? 0) + 1);
  const completed = answers.filter((status) => status !== null && status >= 200 && status < 300).length;

  const sql = context.openSql();
  let stored = 0;
  try {
    const [row] = await sql<{ count: number }[]>`
      select count(distinct content)::int as count from ticket_comments
      where content like ${`faults ${runId} in-flight %`}`;
    stored = row?.count ?? 0;
  } finally {
    await sql.end({ timeout: 5 });
  }

  return {
    title: `SIGTERM with ${context.inFlight} requests in flight`,
    figures: [
      figure(
        'requests answered before the signal (so not in flight)',
        answeredEarly,
        '0',
        answeredEarly === 0,
      ),
      figure(
        'in-flight requests completed',
        `${completed}/${context.inFlight} (${formatCounts(statusCounts)})`,
        `${context.inFlight}/${context.inFlight} with 2xx`,
        completed === context.inFlight,
      ),
      figure(
        'their comments stored',
        `${stored}/${context.inFlight}`,
        `${context.inFlight}/${context.inFlight}`,
        stored === context.inFlight,
      ),
      figure(
        'a new request after the signal',
        newConnection,
        'refused or dropped, never served',
        newConnection === 'refused' || newConnection === 'dropped',
      ),
      figure('exit code', exitCode === null ? 'none (killed after 15 s)' : exitCode, '0', exitCode === 0),
      figure('SIGTERM to exit', formatMs(exitMs), 'under 10 s', exitMs < 10_000),
    ],
  };
}
