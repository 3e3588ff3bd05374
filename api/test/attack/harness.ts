/**
 * What the attack suites share: the API's own route table, a request function that never hangs on
 * an event stream, the callers of the authorization matrix, and the figures each suite leaves in
 * `.data/reliability/<suite>.json` for `api/test/attack/reliability-report.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TUserRole } from '@helpdesk/contracts';
import { declaredAccess, type RouteAccess } from '../../src/route-access.ts';
import { createSession } from '../../src/session.ts';
import { app, BASE_URL, sql, testConfig } from '../helpers.ts';
import type { SuiteFigure, SuiteFigures } from './reliability-report.ts';

export type Route = {
  method: string;
  path: string;
  key: string;
  params: string[];
  /** Who may call it, as the route declared; undefined when it declared nothing (refused to all). */
  access: RouteAccess | undefined;
};

/** Every route the running app registered, with its path parameters in order and its declared access. */
export function registeredRoutes(): Route[] {
  return app.routes.map((route) => ({
    method: route.method,
    path: route.path,
    key: `${route.method} ${route.path}`,
    params: [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? ''),
    access: declaredAccess(route),
  }));
}

/** What kind of object a path parameter names, from the path segment before it ('tickets/:id' is a ticket). */
export type ObjectKind =
  | 'ticket'
  | 'comment'
  | 'attachment'
  | 'notification'
  | 'article'
  | 'team'
  | 'user'
  | 'calendar'
  | 'policy'
  | 'image'
  | 'mailbox'
  | 'inbound_message'
  | 'session'
  | 'identity'
  | 'sso_provider'
  | 'sign_in_provider'
  | 'webhook'
  | 'webhook_delivery'
  | 'api_token'
  | 'canned_reply'
  | 'unknown';

const KIND_BY_SEGMENT: Readonly<Record<string, ObjectKind>> = {
  tickets: 'ticket',
  comments: 'comment',
  attachments: 'attachment',
  notifications: 'notification',
  articles: 'article',
  teams: 'team',
  users: 'user',
  members: 'user',
  'business-calendars': 'calendar',
  'sla-policies': 'policy',
  images: 'image',
  mailboxes: 'mailbox',
  messages: 'inbound_message',
  sessions: 'session',
  identities: 'identity',
  'sso-providers': 'sso_provider',
  'canned-replies': 'canned_reply',
  // The sign-in buttons name every enabled provider to anyone: naming one in a sign-in URL is no probe.
  sso: 'sign_in_provider',
  webhooks: 'webhook',
  deliveries: 'webhook_delivery',
  'api-tokens': 'api_token',
};

/** The kind of each parameter of a route, in order. A segment this table does not know is 'unknown'. */
export function paramKinds(route: Route): { name: string; kind: ObjectKind }[] {
  const segments = route.path.split('/');
  const kinds: { name: string; kind: ObjectKind }[] = [];
  segments.forEach((segment, index) => {
    if (!segment.startsWith(':')) return;
    const before = segments[index - 1] ?? '';
    kinds.push({ name: segment.slice(1), kind: KIND_BY_SEGMENT[before] ?? 'unknown' });
  });
  return kinds;
}

/** The route's path with its parameters filled in (by name). */
export function fillPath(route: Route, values: Readonly<Record<string, string>>): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for :${name} of ${route.key}`);
    return value;
  });
}

export type Answer = { status: number; headers: Headers; text: string; contentType: string };

type SendOptions = {
  cookie?: string | null;
  ip?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** How long to keep reading an event stream before hanging up (default: hang up at once). */
  streamMs?: number;
};

let ipCounter = 0;
/**
 * A client address no other caller of this run uses (the login throttle counts per address, in
 * memory, for the whole test process). 198.18.0.0/15 is the benchmarking range: the shared test
 * helpers use 10/8 and the hostile-input suite 172.16/12, so their failures never count here.
 */
export function freshIp(): string {
  ipCounter += 1;
  return `198.${18 + ((ipCounter >> 16) & 1)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/**
 * One request to the test API. Unlike TestClient it never waits for an event stream to end: a
 * `text/event-stream` answer is read for `streamMs` and then cut off.
 */
export async function send(method: string, path: string, options: SendOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? freshIp(), ...options.headers };
  if (options.cookie) headers.cookie = `${testConfig.sessionCookie.name}=${options.cookie}`;
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  const controller = new AbortController();
  const response = await fetch(`${BASE_URL}${path}`, {
    method,
    headers,
    body,
    redirect: 'manual',
    signal: controller.signal,
  });
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.startsWith('text/event-stream') || !response.body) {
    return { status: response.status, headers: response.headers, text: await response.text(), contentType };
  }
  let text = '';
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  const deadline = Date.now() + (options.streamMs ?? 0);
  const stop = setTimeout(() => controller.abort(), Math.max(0, deadline - Date.now()));
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
  } catch {
    // Aborted at the deadline: what arrived so far is the answer.
  } finally {
    clearTimeout(stop);
  }
  return { status: response.status, headers: response.headers, text, contentType };
}

/** The callers of the authorization matrix (docs/security.md#route-access). */
export const CALLERS = [
  'anonymous',
  'end_user',
  'agent',
  'admin',
  /** Rejected after their session was made: the cookie is still in the sessions table. */
  'rejected_live',
  /** Pending approval, with a session row (one can only exist by mistake or a race). */
  'pending_session',
  /** An admin whose role became end_user after the session was made. */
  'downgraded_admin',
] as const;
export type Caller = (typeof CALLERS)[number];

/** The role a caller's requests should be judged by; null for someone who must be treated as signed out. */
export function effectiveRole(caller: Caller): TUserRole | null {
  switch (caller) {
    case 'end_user':
    case 'agent':
    case 'admin':
      return caller;
    case 'downgraded_admin':
      return 'end_user';
    default:
      return null;
  }
}

/**
 * Makes a fresh cookie for a caller, reproducing how they got into their state each time: the
 * session is created while the user is active (admin), then the status (role) changes underneath it.
 * A fresh one per request, because a public route such as logout may end the session it is given.
 */
export async function cookieFor(
  caller: Caller,
  userIds: Readonly<Record<Exclude<Caller, 'anonymous'>, string>>,
): Promise<string | null> {
  if (caller === 'anonymous') return null;
  const userId = userIds[caller];
  const meta = { ipAddress: null, userAgent: null };
  if (caller === 'rejected_live') {
    await sql`update users set status = 'active' where id = ${userId}`;
    const token = await createSession(sql, userId, meta);
    await sql`update users set status = 'rejected' where id = ${userId}`;
    return token;
  }
  if (caller === 'downgraded_admin') {
    await sql`update users set role = 'admin' where id = ${userId}`;
    const token = await createSession(sql, userId, meta);
    await sql`update users set role = 'end_user' where id = ${userId}`;
    return token;
  }
  return createSession(sql, userId, meta);
}

/** Replaces every listed value (ids the request carried) with a placeholder, so two answers compare as text. */
export function normalise(text: string, values: readonly string[]): string {
  let result = text.replaceAll(/"requestId"\s*:\s*"[^"]*"/g, '"requestId":"<volatile>"');
  for (const value of values) if (value) result = result.replaceAll(value, '<id>');
  return result;
}

/** The secrets in a text: each one that occurs in it. Case-insensitive, as a reader would see them. */
export function secretsIn(text: string, secrets: readonly string[]): string[] {
  const lower = text.toLowerCase();
  return secrets.filter((secret) => secret.length > 0 && lower.includes(secret.toLowerCase()));
}

const FIGURES_DIR = join(import.meta.dir, '../../../.data/reliability');

/** Writes a suite's headline figures for the reliability report (api/test/attack/reliability-report.ts). */
export function writeFigures(
  suite: string,
  title: string,
  figures: SuiteFigure[],
  notes: string[] = [],
): void {
  const report: SuiteFigures = { suite, title, generatedAt: new Date().toISOString(), figures, notes };
  mkdirSync(FIGURES_DIR, { recursive: true });
  writeFileSync(join(FIGURES_DIR, `${suite}.json`), `${JSON.stringify(report, null, 2)}\n`);
}

/** A unique word of letters only, so full-text search sees exactly one word. */
export function canaryWord(prefix: string): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return `${prefix}${[...bytes].map((byte) => letters[byte % letters.length]).join('')}x`;
}

/** A valid business calendar to create as a fixture: Mondays 09:00-17:00 in Berlin. */
export function fixtureCalendarBody(name: string) {
  const closed: { start: string; end: string }[] = [];
  return {
    name,
    timeZone: 'Europe/Berlin',
    weeklyHours: {
      monday: [{ start: '09:00', end: '17:00' }],
      tuesday: closed,
      wednesday: closed,
      thursday: closed,
      friday: closed,
      saturday: closed,
      sunday: closed,
    },
  };
}
