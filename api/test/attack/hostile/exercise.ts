/**
 * Sends one generated request as one caller and checks every required property on the answer:
 * no 5xx, no leak, the one error shape, a refusal where the schema or the policy demands one,
 * 413 for a body over the JSON limit, and no table changed by a refused request (or by any GET,
 * which never changes state apart from the documented counters).
 */
import { ZApiError } from '@helpdesk/contracts';
import type { Sql } from 'postgres';
import { preview } from './json.ts';
import { findLeaks } from './leaks.ts';
import type { Caller, Operation } from './openapi.ts';
import { type HostileRequest, isOverJsonLimit } from './requests.ts';
import { changedTables, REFUSAL_WRITES, snapshotTables, type TableSnapshot } from './snapshot.ts';

export type Answer = { status: number; headers: Headers; text: string };

/**
 * An answer slower than this is a finding. Generous, since the machine is shared and a valid
 * registration hashes a password; hostile input that costs seconds (an 18,000-level JSON body
 * once took 4 s) is a denial of service.
 */
const SLOW_MS = 5000;

/** The keys the generated pollution payloads carry (values.ts). */
const POLLUTION_MARKERS = ['role', 'isAdmin', 'status', 'polluted'];

export type Figures = {
  inputsTried: number;
  fiveXx: number;
  stackOrSqlLeaks: number;
  refusedWrites: number;
  getWrites: number;
  unexpectedAccepts: number;
  badErrorShapes: number;
  slowAnswers: number;
};

export const emptyFigures = (): Figures => ({
  inputsTried: 0,
  fiveXx: 0,
  stackOrSqlLeaks: 0,
  refusedWrites: 0,
  getWrites: 0,
  unexpectedAccepts: 0,
  badErrorShapes: 0,
  slowAnswers: 0,
});

/** The callers' sessions, and how to replace one a request ended (a hostile logout is still a logout). */
export type Sessions = {
  cookieFor: (caller: Caller) => string | null;
  renew: (caller: Caller) => Promise<void>;
};

export type ExerciseContext = {
  baseUrl: string;
  sql: Sql;
  sessions: Sessions;
  figures: Figures;
  /** Each request from its own client address, so the login throttle never turns the run into 429s. */
  nextIp: () => string;
  baseline: TableSnapshot;
};

const isStream = (headers: Headers) => headers.get('content-type')?.includes('text/event-stream') === true;

/** Sends the request; a live stream (`GET /api/events`) is cut once its headers have arrived. */
export async function send(
  baseUrl: string,
  request: HostileRequest,
  extraHeaders: Record<string, string>,
): Promise<Answer> {
  const headers: Record<string, string> = { ...request.headers, ...extraHeaders };
  let body: BodyInit | undefined;
  if (request.body.kind === 'json') {
    body = request.body.text;
    headers['content-type'] = 'application/json';
  } else if (request.body.kind === 'multipart') {
    body = request.body.form;
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 20_000);
  try {
    const response = await fetch(`${baseUrl}${request.url}`, {
      method: request.method,
      headers,
      body,
      redirect: 'manual',
      signal: controller.signal,
    });
    const contentType = response.headers.get('content-type') ?? '';
    const isReadable =
      response.status >= 400 || contentType.includes('json') || contentType.startsWith('text/plain');
    if (isStream(response.headers) || !isReadable) {
      await response.body?.cancel();
      return { status: response.status, headers: response.headers, text: '' };
    }
    return { status: response.status, headers: response.headers, text: await response.text() };
  } finally {
    clearTimeout(timer);
  }
}

/** Everything wrong with one answer (empty when it holds). Updates the figures as it goes. */
export async function exercise(
  context: ExerciseContext,
  operation: Operation,
  caller: Caller,
  request: HostileRequest,
): Promise<string[]> {
  const { figures } = context;
  const cookie = context.sessions.cookieFor(caller);
  const started = performance.now();
  const answer = await send(context.baseUrl, request, {
    'x-forwarded-for': context.nextIp(),
    ...(cookie ? { cookie } : {}),
  });
  const elapsedMs = performance.now() - started;
  const after = await snapshotTables(context.sql);
  figures.inputsTried += 1;
  const problems: string[] = [];
  if (elapsedMs > SLOW_MS) {
    figures.slowAnswers += 1;
    problems.push(`took ${Math.round(elapsedMs)} ms: cheap input should not cost the server seconds`);
  }
  // The API runs in this process: a merge that walked a __proto__ or constructor key would show here.
  const polluted = POLLUTION_MARKERS.filter((key) => Object.hasOwn(Object.prototype, key));
  if (polluted.length) problems.push(`Object.prototype was polluted with ${polluted.join(', ')}`);
  const isAllowed = operation.allowed.includes(caller);

  if (answer.status >= 500) {
    figures.fiveXx += 1;
    problems.push(`answered ${answer.status}: ${preview(answer.text)}`);
  }
  const leaks = findLeaks(answer);
  if (leaks.length) {
    figures.stackOrSqlLeaks += 1;
    for (const leak of leaks)
      problems.push(`leak (${leak.marker}) in ${leak.where}: ${preview(leak.excerpt)}`);
  }
  // 431 and 414 come from Bun's HTTP parser (a request head over 16 KB) before any of our code runs.
  const isFromHttpLayer = answer.status === 431 || answer.status === 414;
  if (
    answer.status >= 400 &&
    !isFromHttpLayer &&
    !ZApiError.strict().safeParse(safeJson(answer.text)).success
  ) {
    figures.badErrorShapes += 1;
    problems.push(`error answer ${answer.status} is not { code, message, fields? }: ${preview(answer.text)}`);
  }
  const mustRefuse =
    !isAllowed || request.verdict === 'invalid' || request.mustRefuse || isOverJsonLimit(request);
  if (mustRefuse && answer.status < 400) {
    figures.unexpectedAccepts += 1;
    const why = !isAllowed
      ? "the route's declared access denies this caller"
      : 'the input breaks the schema or a file rule';
    problems.push(`accepted (${answer.status}) although ${why}`);
  }
  if (isOverJsonLimit(request) && answer.status !== 413) {
    problems.push(
      `a ${request.body.kind === 'json' ? request.body.bytes : 0}-byte JSON body answered ${answer.status}, not 413`,
    );
  }
  const allowed = REFUSAL_WRITES[operation.key] ?? [];
  const changed = changedTables(context.baseline, after).filter((table) => !allowed.includes(table));
  if (changed.length && answer.status >= 400 && answer.status < 500) {
    figures.refusedWrites += 1;
    problems.push(`refused with ${answer.status} yet changed ${changed.join(', ')}`);
  } else if (changed.length && request.method === 'GET') {
    figures.getWrites += 1;
    problems.push(`GET answered ${answer.status} and changed ${changed.join(', ')}`);
  }
  context.baseline = after;
  // A hostile logout (or anything else that ended or replaced the caller's session): a new one, and a new baseline.
  if (caller !== 'anonymous' && (answer.status === 401 || answer.headers.getSetCookie().length > 0)) {
    await context.sessions.renew(caller);
    context.baseline = await snapshotTables(context.sql);
  }
  return problems;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
