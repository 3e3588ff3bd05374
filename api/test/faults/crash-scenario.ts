import { API_PATHS } from '@helpdesk/contracts';
import type { createSql } from '../../src/db/postgres.ts';
import { type ApiProcess, signIn, waitForStatus } from './api-process.ts';
import { type FigureSection, figure, formatCounts, formatMs, info } from './figures.ts';
import type { PostgresServer } from './postgres-server.ts';
import { type Attempt, sendUntilAcknowledged, type WriteResult } from './retrying-client.ts';

type Sql = ReturnType<typeof createSql>;

export type CrashSettings = {
  durationMs: number;
  outageMs: number;
  clients: number;
  pauseMs: number;
};

type CrashContext = {
  api: ApiProcess;
  postgres: PostgresServer;
  /** Opens a pool for the checks after the run (the database has been restarted by then). */
  openSql: () => Sql;
  /** Unique to this run, in every title, comment and Idempotency-Key it writes: [a-z0-9] only. */
  runId: string;
  log: (line: string) => void;
};

type WriteRecord = {
  kind: 'ticket' | 'comment';
  marker: string;
  key: string;
  result: WriteResult;
  /** The id in the acknowledging answer. */
  id: string | null;
  /** Sends the identical request (same body, same Idempotency-Key) once more. */
  send: (signal: AbortSignal) => Promise<Response>;
};

// After the run, this many acknowledged writes are sent again, as a client that lost the answer would.
const RESENT_WRITES = 50;

type Outage = {
  killedAt: number;
  /** When the postmaster had exited. */
  downAt: number;
  /** When the restarted PostgreSQL accepted connections again. */
  backAt: number;
  /** When the API's /api/ready first answered 200 afterwards (null: never). */
  readyAt: number | null;
  readyStatuses: Map<string, number>;
  healthStatuses: Map<string, number>;
};

// The slowest answer allowed while the database is down: the pool's connect timeout is 3 s.
const SLOWEST_OUTAGE_ANSWER_MS = 5000;
// After PostgreSQL accepts connections again, the API must be ready within this long.
const RECOVERY_TARGET_MS = 5000;
// Writers stop starting new writes at the end of the run, but finish (retrying) the one in hand.
const FINISH_GRACE_MS = 30_000;
const ATTEMPT_TIMEOUT_MS = 10_000;

function idOf(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'string')
    return body.id;
  return null;
}

function bump(counts: Map<string, number>, key: string) {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/**
 * Samples /api/ready and /api/health while the database is down, counting the answers. An answer
 * that arrives once the restart has begun is not counted: the database may already be back.
 */
async function sampleWhileDown(api: ApiProcess, outage: Outage, isOver: () => boolean) {
  while (!isOver()) {
    for (const [path, counts] of [
      [API_PATHS.ready, outage.readyStatuses],
      [API_PATHS.health, outage.healthStatuses],
    ] as const) {
      try {
        const response = await fetch(`${api.base}${path}`, {
          signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        });
        await response.arrayBuffer();
        if (isOver()) return;
        bump(counts, String(response.status));
      } catch (error) {
        if (isOver()) return;
        bump(counts, error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network');
      }
    }
    await Bun.sleep(250);
  }
}

/**
 * Kills PostgreSQL (immediate mode) in the middle of a stream of ticket and comment creation by
 * several clients that retry with the same Idempotency-Key until acknowledged, restarts it on the
 * same data, and then checks from the database that every acknowledged write is there exactly once.
 */
export async function runCrashScenario(
  context: CrashContext,
  settings: CrashSettings,
): Promise<FigureSection> {
  const { api, postgres, runId, log } = context;
  const cookies = {
    agent: await signIn(api.base, 'agent', 'Agent123!'),
    user: await signIn(api.base, 'user', 'User1234!'),
  };
  const startedAt = Date.now();
  const stopAt = startedAt + settings.durationMs;
  const finishBy = stopAt + FINISH_GRACE_MS;
  const killAt = startedAt + Math.max(0, (settings.durationMs - settings.outageMs) / 2);
  const writes: WriteRecord[] = [];

  const write = async (
    cookie: string,
    kind: WriteRecord['kind'],
    path: string,
    marker: string,
    key: string,
    payload: Record<string, unknown>,
  ): Promise<WriteRecord> => {
    const body = JSON.stringify(payload);
    const send = (signal: AbortSignal) =>
      fetch(`${api.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'idempotency-key': key },
        body,
        signal,
      });
    const result = await sendUntilAcknowledged(send, {
      deadline: finishBy,
      attemptTimeoutMs: ATTEMPT_TIMEOUT_MS,
      initialDelayMs: 100,
      maxDelayMs: 1000,
    });
    const record: WriteRecord = {
      kind,
      marker,
      key,
      result,
      id: result.isAcknowledged ? idOf(result.body) : null,
      send,
    };
    writes.push(record);
    return record;
  };

  const writer = async (index: number) => {
    const cookie = index % 2 === 0 ? cookies.agent : cookies.user;
    for (let n = 0; Date.now() < stopAt; n++) {
      const marker = `faults ${runId} w${index} t${n}`;
      const ticket = await write(
        cookie,
        'ticket',
        API_PATHS.tickets,
        marker,
        `faults-${runId}-w${index}-t${n}`,
        {
          title: marker,
          description: `Written by the fault suite, run ${runId}.`,
          priority: 'low',
          category: 'other',
        },
      );
      if (ticket.id) {
        for (let c = 0; c < 2 && Date.now() < stopAt; c++) {
          const commentMarker = `${marker} c${c}`;
          await write(
            cookie,
            'comment',
            `${API_PATHS.tickets}/${ticket.id}/comments`,
            commentMarker,
            `faults-${runId}-w${index}-t${n}-c${c}`,
            { content: commentMarker },
          );
        }
      }
      await Bun.sleep(settings.pauseMs);
    }
  };

  const outage: Outage = {
    killedAt: 0,
    downAt: 0,
    backAt: 0,
    readyAt: null,
    readyStatuses: new Map(),
    healthStatuses: new Map(),
  };
  const crash = async () => {
    await Bun.sleep(Math.max(0, killAt - Date.now()));
    log(`killing PostgreSQL (immediate mode) with ${writes.length} writes done`);
    outage.killedAt = Date.now();
    await postgres.killImmediately();
    outage.downAt = Date.now();
    let isRestarting = false;
    const sampling = sampleWhileDown(api, outage, () => isRestarting);
    await Bun.sleep(Math.max(0, outage.killedAt + settings.outageMs - Date.now()));
    log('restarting PostgreSQL on the same data directory');
    isRestarting = true;
    await postgres.start();
    outage.backAt = Date.now();
    await sampling;
    outage.readyAt = await waitForStatus(`${api.base}${API_PATHS.ready}`, 200, 30_000, 50);
    log(
      `PostgreSQL back after ${formatMs(outage.backAt - outage.killedAt)}; API ready ${
        outage.readyAt === null ? 'never' : `${formatMs(outage.readyAt - outage.backAt)} later`
      }`,
    );
  };

  const [crashResult] = await Promise.allSettled([
    crash(),
    ...Array.from({ length: settings.clients }, (_, index) => writer(index)),
  ]);
  if (crashResult.status === 'rejected') throw crashResult.reason;
  const writtenMs = Date.now() - startedAt;

  // A client whose answer was lost sends the write again with its key: it must get the same answer
  // back and create nothing (the database check below would count a second row as a duplicate).
  const acknowledgedSoFar = writes.filter((w) => w.result.isAcknowledged);
  const step = Math.max(1, Math.floor(acknowledgedSoFar.length / RESENT_WRITES));
  const resent = acknowledgedSoFar.filter((_, index) => index % step === 0).slice(0, RESENT_WRITES);
  // Sent the way the clients send (again after a 503 or no answer: the API's promise is the stored
  // answer once it can reach the database). Each differing answer says how it differed, so a miss in
  // a log can be told apart from the others.
  const resentResults = await Promise.all(
    resent.map(async (w) => {
      const first = w.result.isAcknowledged ? w.result : null;
      const again = await sendUntilAcknowledged(w.send, {
        deadline: Date.now() + FINISH_GRACE_MS,
        attemptTimeoutMs: ATTEMPT_TIMEOUT_MS,
        initialDelayMs: 100,
        maxDelayMs: 1000,
      });
      const retries = again.attempts.length - 1;
      if (!again.isAcknowledged) return { retries, difference: `no answer: ${again.reason}` };
      if (again.status !== first?.status) {
        const body = JSON.stringify(again.body)?.slice(0, 200);
        return { retries, difference: `${again.status} instead of ${first?.status}: ${body}` };
      }
      const id = idOf(again.body);
      return { retries, difference: id === w.id ? null : `another id (${id})` };
    }),
  );
  const resentDiffering = resentResults.flatMap((r) => (r.difference === null ? [] : [r.difference]));
  const resentRetried = resentResults.filter((r) => r.retries > 0).length;
  const resentSame = resent.length - resentDiffering.length;

  // Every attempt of every write, and the ones that ended while the database was away.
  const attempts: Attempt[] = writes.flatMap((w) => w.result.attempts);
  const outageEnd = outage.readyAt ?? Number.POSITIVE_INFINITY;
  const duringOutage = attempts.filter((a) => a.endedAt >= outage.killedAt && a.endedAt <= outageEnd);
  const countOutcomes = (list: Attempt[]) => {
    const counts = new Map<string, number>();
    for (const attempt of list) bump(counts, String(attempt.outcome));
    return counts;
  };
  const outageCounts = countOutcomes(duringOutage);
  const allCounts = countOutcomes(attempts);
  const unexpected5xx = attempts.filter(
    (a) => typeof a.outcome === 'number' && a.outcome >= 500 && a.outcome !== 503,
  );
  const noAnswer = attempts.filter((a) => a.outcome === 'network' || a.outcome === 'timeout');
  const slowestOutageMs = Math.max(0, ...duringOutage.map((a) => a.ms));

  const acknowledged = writes.filter((w) => w.result.isAcknowledged);
  const unfinished = writes.filter((w) => !w.result.isAcknowledged);
  const retried = acknowledged.filter((w) => w.result.attempts.length > 1);

  const sql = context.openSql();
  let lost = 0;
  let stored = 0;
  let duplicated = 0;
  let keyMismatches = 0;
  let strays = 0;
  let replayed = 0;
  try {
    const prefix = `faults ${runId} w%`;
    const rows = await sql<{ marker: string; count: number; ids: string[]; createdAt: string }[]>`
      select title as marker, count(*)::int as count, array_agg(id::text) as ids, min(created_at) as "createdAt"
      from tickets where title like ${prefix} group by title
      union all
      select content as marker, count(*)::int as count, array_agg(id::text) as ids, min(created_at) as "createdAt"
      from ticket_comments where content like ${prefix} group by content`;
    const keys = await sql<{ key: string; status: number | null; id: string | null }[]>`
      select key, response_status as status, response_body->>'id' as id
      from idempotency_keys where key like ${`faults-${runId}-%`}`;
    const byMarker = new Map(rows.map((row) => [row.marker, row]));
    const byKey = new Map(keys.map((row) => [row.key, row]));
    const attemptedMarkers = new Set(writes.map((w) => w.marker));
    for (const row of rows) {
      stored += row.count;
      if (row.count > 1) duplicated += row.count - 1;
      if (!attemptedMarkers.has(row.marker)) strays++;
    }
    for (const w of acknowledged) {
      const row = byMarker.get(w.marker);
      if (!row || w.id === null || !row.ids.includes(w.id)) lost++;
      // Stored before the acknowledging attempt began: an attempt the client saw fail had committed,
      // and the retry got the stored answer back (the case Idempotency-Key exists for).
      const final = w.result.attempts.at(-1);
      if (
        row &&
        final &&
        w.result.attempts.length > 1 &&
        Date.parse(row.createdAt) < final.endedAt - final.ms
      ) {
        replayed++;
      }
      const key = byKey.get(w.key);
      const status = w.result.isAcknowledged ? w.result.status : null;
      if (!key || key.id !== w.id || key.status !== status) keyMismatches++;
    }
  } finally {
    await sql.end({ timeout: 5 });
  }

  const isSameProcess = api.exitCode() === null;
  const isReadyNow = (await waitForStatus(`${api.base}${API_PATHS.ready}`, 200, 5000)) !== null;
  const recoveryMs = outage.readyAt === null ? Number.POSITIVE_INFINITY : outage.readyAt - outage.backAt;
  const ticketCount = acknowledged.filter((w) => w.kind === 'ticket').length;

  return {
    title: 'Crash: PostgreSQL killed in immediate mode under writes',
    figures: [
      info(
        'load',
        `${settings.clients} clients (agent and end user) for ${formatMs(writtenMs)}, tickets and comments with Idempotency-Key`,
      ),
      info(
        'acknowledged writes',
        `${acknowledged.length} (${ticketCount} tickets, ${acknowledged.length - ticketCount} comments)`,
      ),
      figure('acknowledged writes lost', lost, '0', lost === 0 && acknowledged.length > 0),
      figure(
        'acknowledged writes sent again with their key, answered as the first time',
        [
          `${resentSame}/${resent.length}`,
          resentRetried ? ` (${resentRetried} sent once more after a 503 or no answer)` : '',
          resentDiffering.length ? ` (${[...new Set(resentDiffering)].slice(0, 3).join('; ')})` : '',
        ].join(''),
        'all',
        resent.length > 0 && resentSame === resent.length,
      ),
      figure('writes stored twice', duplicated, '0', duplicated === 0),
      figure(
        'acknowledged writes whose Idempotency-Key row disagrees',
        keyMismatches,
        '0',
        keyMismatches === 0,
      ),
      figure('writes never acknowledged', unfinished.length, '0', unfinished.length === 0),
      info('rows stored by the run', `${stored} (not attempted by any client: ${strays})`),
      info(
        'writes acknowledged only after retrying',
        `${retried.length} (already stored by an attempt that seemed to fail, answered from the key: ${replayed})`,
      ),
      info('PostgreSQL down (kill to accepting again)', formatMs(outage.backAt - outage.killedAt)),
      info('answers to writes during the outage', formatCounts(outageCounts)),
      figure(
        '503 answers during the outage',
        outageCounts.get('503') ?? 0,
        'at least 1',
        (outageCounts.get('503') ?? 0) > 0,
      ),
      figure('5xx answers other than 503 (whole run)', unexpected5xx.length, '0', unexpected5xx.length === 0),
      figure('no answer (timeout or network error, whole run)', noAnswer.length, '0', noAnswer.length === 0),
      figure(
        'slowest answer during the outage',
        formatMs(slowestOutageMs),
        `at most ${formatMs(SLOWEST_OUTAGE_ANSWER_MS)}`,
        slowestOutageMs <= SLOWEST_OUTAGE_ANSWER_MS,
      ),
      figure(
        '/api/ready while PostgreSQL was down',
        formatCounts(outage.readyStatuses),
        '503 only',
        outage.readyStatuses.size === 1 && outage.readyStatuses.has('503'),
      ),
      figure(
        '/api/health while PostgreSQL was down',
        formatCounts(outage.healthStatuses),
        '200 only',
        outage.healthStatuses.size === 1 && outage.healthStatuses.has('200'),
      ),
      figure(
        'API ready after PostgreSQL came back',
        Number.isFinite(recoveryMs) ? formatMs(recoveryMs) : 'never',
        `within ${formatMs(RECOVERY_TARGET_MS)}`,
        recoveryMs <= RECOVERY_TARGET_MS,
      ),
      figure(
        'recovered without a restart',
        isSameProcess && isReadyNow
          ? `yes (same pid ${api.pid}, /api/ready 200)`
          : `no (pid ${api.pid} ${isSameProcess ? 'running' : 'exited'}, ready ${isReadyNow ? '200' : 'not 200'})`,
        'yes',
        isSameProcess && isReadyNow,
      ),
      info('all answers to writes (whole run)', formatCounts(allCounts)),
    ],
  };
}
