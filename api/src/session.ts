import { randomBytes } from 'node:crypto';
import {
  API_TOKEN_PATTERN,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  type TPersonPreferences,
  type TUser,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { authenticateToken } from './api-tokens/service.ts';
import {
  deleteExpiredSessions,
  deleteSession,
  insertSession,
  type SessionStart,
  selectSessionUser,
} from './auth/queries.ts';
import { clientIp } from './client-ip.ts';
import type { Config } from './config.ts';
import type { Db } from './db/postgres.ts';
import { sql } from './db.ts';
import { forbidden, notFound, unauthenticated } from './errors.ts';
import type { Logger } from './log.ts';
import {
  accessDetail,
  createAccessLookup,
  isRoleAllowed,
  type RegisteredRoute,
  type RouteAccess,
} from './route-access.ts';
import { type SessionRead, sessionCache } from './session-cache.ts';

/**
 * The signed-in user and the hash of their session id (the sessions table's key). A request made
 * with an API token has no session: its sid is empty and `tokenId` names the token.
 */
export type AuthSession = {
  user: TUser;
  sid: string;
  preferences: TPersonPreferences;
  tokenId: string | null;
};

/**
 * SHA-256 hex: what the database keeps of session ids and reset tokens. Bun's one-shot hash:
 * every request hashes its session token, and node:crypto's hash object per call cost about
 * three times as much (with the garbage it leaves).
 */
export function sha256Hex(value: string): string {
  return Bun.SHA256.hash(value, 'hex');
}

/** 256 random bits from the CSPRNG, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The value of the first cookie called `name` in a Cookie header, as sent (no percent-decoding:
 * nothing we set is encoded). Every request reads its session cookie, and parsing the whole
 * header into a map for one value cost more than the rest of a cached session lookup.
 */
export function readCookie(header: string, name: string): string | null {
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals >= 0 && pair.slice(0, equals).trim() === name) return pair.slice(equals + 1).trim();
  }
  return null;
}

/**
 * The API token of an `Authorization: Bearer` header: undefined when the request has no Bearer
 * header (the cookie decides), null when it has one that cannot be one of our tokens.
 */
export function readBearerToken(request: Request): string | null | undefined {
  const header = request.headers.get('authorization');
  if (!header) return undefined;
  const match = /^bearer\s+(\S*)\s*$/i.exec(header);
  if (!match) return /^bearer(\s|$)/i.test(header) ? null : undefined;
  const token = match[1] ?? '';
  return API_TOKEN_PATTERN.test(token) ? token : null;
}

/** The session token the request's cookie carries, if any. */
export function readSessionToken(request: Request, config: Config): string | null {
  const header = request.headers.get('cookie');
  if (!header) return null;
  const token = readCookie(header, config.sessionCookie.name);
  // Our tokens are 43 base64url characters; anything else cannot be one of ours.
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

function cookie(config: Config, value: string, maxAgeSeconds: number): string {
  return new Bun.Cookie(config.sessionCookie.name, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.sessionCookie.isSecure,
    maxAge: maxAgeSeconds,
  }).serialize();
}

/** Set-Cookie value for a new session; the browser keeps it no longer than the absolute expiry. */
export function sessionCookie(config: Config, token: string): string {
  return cookie(config, token, Math.floor(SESSION_ABSOLUTE_MS / 1000));
}

/** Set-Cookie value that removes the session cookie. */
export function clearedSessionCookie(config: Config): string {
  return cookie(config, '', 0);
}

/**
 * Starts a session for a user and returns its token (the cookie value). Only the token's hash is
 * stored. Expired sessions of everyone are swept on the way, so the table does not grow forever.
 * `sess` records how the session began (a password unless said otherwise).
 */
export async function createSession(
  db: Db,
  userId: string,
  meta: { ipAddress: string | null; userAgent: string | null },
  sess: SessionStart = { method: 'password' },
): Promise<string> {
  const token = randomToken();
  await deleteExpiredSessions(db);
  await insertSession(db, {
    sid: sha256Hex(token),
    userId,
    idleMs: SESSION_IDLE_MS,
    absoluteMs: SESSION_ABSOLUTE_MS,
    ipAddress: meta.ipAddress,
    userAgent: meta.userAgent,
    sess,
  });
  return token;
}

/** Ends the session a token names (sign-out, or a new sign-in replacing it). */
export async function endSession(db: Db, token: string): Promise<void> {
  const sid = sha256Hex(token);
  await deleteSession(db, sid);
  // The database tells every process; this one must not wait for that before answering.
  sessionCache().forgetSession(sid);
}

const isSafeMethod = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * The session's user: for a safe request from this process's cache when it holds the session
 * (cleared by the database's notifications on every change, see session-cache.ts), otherwise
 * read from the database; an unsafe request always reads the database, so a write never runs on
 * a role or status that has just changed.
 */
async function lookUpSession(sid: string, isSafe: boolean): Promise<SessionRead | null> {
  const cache = sessionCache();
  if (isSafe) {
    const cached = cache.read(sid);
    if (cached) return cached;
  }
  const mark = cache.mark();
  const found = await selectSessionUser(sql, sid, SESSION_IDLE_MS);
  if (!found) return null;
  if (found.user.status === 'active') {
    cache.set(sid, found.user, found.validForMs, mark, found.preferences);
  }
  return found;
}

/**
 * Sessions and route access. Each route declares who may call it where it is declared, with the
 * `auth` macro (`{ auth: 'public' | 'signed-in' | 'staff' | 'admin' }`), which writes the
 * declaration into the route's detail. Before validation or any handler runs, the global guard
 * reads the declaration of the request's route among `routes()`, the routes of the app being
 * served: a route that declares nothing answers 404 and never runs. For a non-public route the
 * session is read with the user's current role and status (lookUpSession): only an active user
 * with an allowed role gets through. A session whose user is no longer active is deleted on the
 * spot. On a non-public route the macro gives the handler the typed `user`, `sid` and the
 * user's own `preferences` (language and zone).
 *
 * A request with an `Authorization: Bearer` header is authenticated by that API token alone,
 * never also by a cookie (api-tokens/service.ts: the owner's current role and status, the token's
 * scopes for the route, its rate budget).
 */
export function createSessionPlugin(config: Config, log: Logger, routes: () => readonly RegisteredRoute[]) {
  const accessOf = createAccessLookup(routes);
  return new Elysia({ name: 'session' })
    .derive(
      { as: 'global' },
      async ({ request, route, set, server }): Promise<{ session: AuthSession | null }> => {
        const access = accessOf(request.method, route);
        if (access === undefined) {
          log.error(`route ${request.method} ${route} declares no access (the auth option); refused`);
          throw notFound();
        }
        if (access === 'public') return { session: null };
        const bearer = readBearerToken(request);
        if (bearer !== undefined) {
          const ipAddress = clientIp(request, server, config.trustedProxies);
          const found = await authenticateToken(
            bearer,
            { method: request.method, path: route, access },
            ipAddress,
          );
          return {
            session: { user: found.user, sid: '', preferences: found.preferences, tokenId: found.tokenId },
          };
        }
        const token = readSessionToken(request, config);
        const sid = token ? sha256Hex(token) : null;
        const read = sid ? await lookUpSession(sid, isSafeMethod(request.method)) : null;
        const user = read?.user ?? null;
        if (!sid || !read || !user || user.status !== 'active') {
          if (sid && user) await deleteSession(sql, sid);
          if (request.headers.get('cookie')?.includes(config.sessionCookie.name)) {
            set.headers['set-cookie'] = clearedSessionCookie(config);
          }
          throw unauthenticated();
        }
        if (!isRoleAllowed(access, user.role)) throw forbidden();
        return { session: { user, sid, preferences: read.preferences, tokenId: null } };
      },
    )
    .macro({
      auth: (access: RouteAccess) => ({
        detail: accessDetail(access),
        // Public routes get no user; the others have had theirs checked by the guard above.
        resolve: ({ session }) => {
          if (access === 'public') return;
          if (!session) throw unauthenticated();
          return { user: session.user, sid: session.sid, preferences: session.preferences };
        },
      }),
    });
}

export type SessionPlugin = ReturnType<typeof createSessionPlugin>;
