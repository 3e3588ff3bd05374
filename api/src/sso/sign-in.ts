import { timingSafeEqual } from 'node:crypto';
import {
  SESSION_IDLE_MS,
  safeReturnPath,
  type TSsoErrorCode,
  type TSsoMode,
  type TUser,
  type TUserRole,
} from '@helpdesk/contracts';
import { insertOwnAccountAuditEntry } from '../audit/queries.ts';
import { PENDING_REGISTRATIONS_MAX } from '../auth/mail-limits.ts';
import {
  countPendingUsers,
  selectSessionStart,
  selectSessionUser,
  updateLastLogin,
} from '../auth/queries.ts';
import type { RequestMeta } from '../client-ip.ts';
import type { Config } from '../config.ts';
import { type Db, uniqueViolation } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { tooManyRequests } from '../errors.ts';
import type { Budget } from '../limits/limiter.ts';
import { rateLimiter, scaledCount } from '../limits/rate-limits.ts';
import type { Logger } from '../log.ts';
import { namesOf, usernameOf } from '../mail-in/senders.ts';
import {
  createSession,
  endSession,
  randomToken,
  readCookie,
  readSessionToken,
  sessionCookie,
  sha256Hex,
} from '../session.ts';
import { sessionCache } from '../session-cache.ts';
import { deleteTeamMembershipsOfUser, lockActiveAdminIds, updateUserRole } from '../users/queries.ts';
import { enqueueWebhookEvent, webhookUser } from '../webhooks/service.ts';
import {
  authorizationUrl,
  endSessionUrl,
  exchangeCode,
  newAuthorizationChecks,
  providerConfiguration,
  SsoFailure,
} from './provider-client.ts';
import {
  insertIdentity,
  insertPendingLogin,
  insertSsoUser,
  type PendingLogin,
  type ProviderRow,
  selectIdentityUser,
  selectProvider,
  selectUserByEmail,
  takePendingLogin,
  touchIdentity,
} from './queries.ts';
import { clientSettingsOf, redirectUriOf } from './service.ts';

/**
 * The sign-in with a provider (docs/product.md#single-sign-on, docs/security.md#single-sign-on):
 * the start sends the browser to the provider, the callback checks the answer, resolves the account
 * and starts a session. Every failure is a redirect to the sign-in page with a code, and no session.
 */

/** The cookie that binds a pending sign-in to the browser that started it. */
const LOGIN_COOKIE = 'helpdesk_sso';
const LOGIN_COOKIE_PATH = '/api/auth/sso';
/** How long a person has at the provider before the sign-in must start again. */
const LOGIN_TTL_MS = 10 * 60_000;
const SCOPE = 'openid email profile';

const MINUTE = 60_000;

/** Starts and callbacks per address: a person needs a handful; a flood hears 429. */
export function ssoAddressBudget(kind: 'start' | 'callback', ipAddress: string): Budget {
  return { key: `sso-${kind}:ip:${ipAddress}`, limit: 30, windowMs: 10 * MINUTE };
}

async function throttle(kind: 'start' | 'callback', ipAddress: string): Promise<void> {
  const wait = await rateLimiter.take(sql, [ssoAddressBudget(kind, ipAddress)]);
  if (wait > 0) throw tooManyRequests(wait);
}

/** Where the browser goes next, and the cookies to set on the way. */
export type Redirect = { location: string; cookies: string[] };

function loginCookie(config: Config, value: string, maxAgeSeconds: number): string {
  return new Bun.Cookie(LOGIN_COOKIE, value, {
    path: LOGIN_COOKIE_PATH,
    httpOnly: true,
    // Lax, not Strict: the provider's redirect back is a cross-site navigation that must carry it.
    sameSite: 'lax',
    secure: config.sessionCookie.isSecure,
    maxAge: maxAgeSeconds,
  }).serialize();
}

const failurePage = (code: TSsoErrorCode, mode: TSsoMode, returnTo: string | null) => {
  // A link is asked for from the profile by someone signed in: the answer goes back there.
  const page = mode === 'link' ? (returnTo ?? '/profile') : '/login';
  return `${page}${page.includes('?') ? '&' : '?'}sso_error=${code}`;
};

/** The signed-in, active user of the request's session cookie, if any (the SSO routes are public). */
async function sessionUser(request: Request, config: Config): Promise<TUser | null> {
  const token = readSessionToken(request, config);
  if (!token) return null;
  const found = await selectSessionUser(sql, sha256Hex(token), SESSION_IDLE_MS);
  return found?.user.status === 'active' ? found.user : null;
}

async function enabledProvider(providerId: string): Promise<ProviderRow> {
  const row = await selectProvider(sql, providerId);
  if (!row?.enabled) throw new SsoFailure('provider_unavailable');
  return row;
}

/**
 * GET /api/auth/sso/:provider/start: remembers state, nonce and PKCE verifier under a random key
 * the browser keeps in a short-lived cookie, and sends the browser to the provider. `mode=link`
 * links the provider to the signed-in account instead of signing in.
 */
export async function startSignIn(
  input: { providerId: string; returnTo?: string; mode?: TSsoMode },
  request: Request,
  meta: RequestMeta,
  config: Config,
  log: Logger,
): Promise<Redirect> {
  await throttle('start', meta.ipAddress);
  const mode = input.mode ?? 'sign-in';
  const returnTo = safeReturnPath(input.returnTo);
  try {
    const linkUser = mode === 'link' ? await sessionUser(request, config) : null;
    if (mode === 'link' && !linkUser) throw new SsoFailure('link_session_ended');
    const provider = await enabledProvider(input.providerId);
    const oidc = await providerConfiguration(clientSettingsOf(provider, config.mailSecretKey));
    const checks = newAuthorizationChecks();
    const key = randomToken();
    await insertPendingLogin(
      sql,
      sha256Hex(key),
      { providerId: provider.id, ...checks, returnTo, mode, linkUserId: linkUser?.id ?? null },
      LOGIN_TTL_MS,
    );
    const location = await authorizationUrl(
      oidc,
      redirectUriOf(config.appBaseUrl, provider.id),
      checks,
      SCOPE,
    );
    return { location, cookies: [loginCookie(config, key, LOGIN_TTL_MS / 1000)] };
  } catch (error) {
    if (!(error instanceof SsoFailure)) throw error;
    logFailure(log, 'start', input.providerId, error);
    return { location: failurePage(error.code, mode, returnTo), cookies: [] };
  }
}

/** A failed sign-in in the log: its code and what the library said (no token, no code, no secret). */
function logFailure(log: Logger, step: 'start' | 'callback', providerId: string, failure: SsoFailure): void {
  const cause = failure.cause instanceof Error ? `${failure.cause.name}: ${failure.cause.message}` : '';
  log.info(`sso ${step} failed`, {
    providerId: providerId.slice(0, 40),
    code: failure.code,
    cause: cause.slice(0, 300),
  });
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The person as the provider vouches for them. */
type Person = {
  subject: string;
  email: string | null;
  isEmailVerified: boolean;
  name: string;
  claims: Record<string, unknown>;
};

function personOf(claims: Record<string, unknown>): Person {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const subject = text(claims.sub);
  if (subject === '' || subject.length > 255) throw new SsoFailure('invalid_id_token');
  const email = text(claims.email).toLowerCase();
  const name = text(claims.name) || `${text(claims.given_name)} ${text(claims.family_name)}`.trim();
  return {
    subject,
    email: /^[^@\s]+@[^@\s]+$/.test(email) && email.length <= 254 ? email : null,
    isEmailVerified: claims.email_verified === true,
    name,
    claims,
  };
}

/** The role the provider's claim maps to, or null when the provider maps none. */
function mappedRole(provider: ProviderRow, claims: Record<string, unknown>): TUserRole | null {
  if (!provider.roleClaim) return null;
  const raw = claims[provider.roleClaim];
  const values = (Array.isArray(raw) ? raw : [raw]).filter(
    (value): value is string => typeof value === 'string',
  );
  if (values.some((value) => provider.adminValues.includes(value))) return 'admin';
  if (values.some((value) => provider.agentValues.includes(value))) return 'agent';
  return 'end_user';
}

function isDomainAllowed(provider: ProviderRow, email: string | null): boolean {
  if (provider.domains.length === 0) return true;
  const domain = email?.slice(email.lastIndexOf('@') + 1) ?? '';
  return provider.domains.includes(domain);
}

const auditOwn = (db: Db, user: TUser, action: string, details: Record<string, string>, meta: RequestMeta) =>
  insertOwnAccountAuditEntry(db, { userId: user.id, action, details }, meta);

/**
 * Sets the role the provider maps, audited as 'user.role_changed'. The last active admin is never
 * demoted: they keep the role (the admin lock makes two such sign-ins wait for each other).
 */
async function applyRoleMapping(
  tx: Db,
  user: TUser,
  role: TUserRole | null,
  provider: ProviderRow,
  meta: RequestMeta,
): Promise<TUser> {
  if (role === null || role === user.role) return user;
  if (user.role === 'admin') {
    const adminIds = await lockActiveAdminIds(tx);
    if (user.status === 'active' && !adminIds.some((id) => id !== user.id)) return user;
  }
  const updated = await updateUserRole(tx, user.id, role);
  if (role === 'end_user') await deleteTeamMembershipsOfUser(tx, user.id);
  await insertOwnAccountAuditEntry(
    tx,
    {
      userId: user.id,
      action: 'user.role_changed',
      details: { username: user.username, from: user.role, to: role, providerId: provider.id },
    },
    meta,
  );
  return updated;
}

/**
 * The account of a sign-in: the one the identity is linked to; else the account of the same email,
 * linked only when the provider verified the address and never for an admin; else a new one when
 * the provider may create accounts.
 */
async function resolveAccount(
  tx: Db,
  provider: ProviderRow,
  person: Person,
  meta: RequestMeta,
): Promise<TUser> {
  const linked = await selectIdentityUser(tx, provider.id, person.subject);
  if (linked) {
    const { hasPassword: _hasPassword, ...user } = linked;
    await touchIdentity(tx, provider.id, person.subject);
    return user;
  }
  const identity = { providerId: provider.id, subject: person.subject, email: person.email };
  const existing = person.email ? await selectUserByEmail(tx, person.email) : null;
  if (existing) {
    if (!person.isEmailVerified) throw new SsoFailure('email_not_verified');
    if (existing.role === 'admin') throw new SsoFailure('admin_link_required');
    await insertIdentity(tx, { ...identity, userId: existing.id });
    await auditOwn(tx, existing, 'user.sso_linked', { providerId: provider.id }, meta);
    return existing;
  }
  if (provider.createAccounts === 'off' || !person.email) throw new SsoFailure('no_account');
  const role = mappedRole(provider, person.claims);
  // Only plain end users may start active; anyone mapped to staff waits for an admin's approval.
  const isActive = provider.createAccounts === 'active-end-users' && (role ?? 'end_user') === 'end_user';
  // The registration's rule: while the desk holds its maximum of pending accounts it opens no more.
  const maxPending = scaledCount(PENDING_REGISTRATIONS_MAX);
  if (!isActive && (await countPendingUsers(tx, maxPending)) >= maxPending) {
    throw new SsoFailure('registrations_closed');
  }
  const created = await insertSsoUser(tx, {
    username: usernameOf(person.email),
    email: person.email,
    ...namesOf({ name: person.name, address: person.email }),
    status: isActive ? 'active' : 'pending',
    isEmailVerified: person.isEmailVerified,
  });
  await insertIdentity(tx, { ...identity, userId: created.id });
  await auditOwn(tx, created, 'user.created', { role: 'end_user', providerId: provider.id }, meta);
  await enqueueWebhookEvent(tx, 'user.registered', { user: webhookUser(created) });
  return created;
}

const STATUS_FAILURES: Partial<Record<TUser['status'], TSsoErrorCode>> = {
  pending: 'account_pending',
  rejected: 'account_rejected',
};

/** What a callback ends in: a session for the user, or a code to tell (with what the transaction keeps). */
type Outcome = { kind: 'session'; user: TUser; token: string } | { kind: 'refused'; code: TSsoErrorCode };

async function signInPerson(
  provider: ProviderRow,
  person: Person,
  idToken: string,
  request: Request,
  meta: RequestMeta,
  config: Config,
): Promise<Outcome> {
  const outcome = await (
    sql.begin(async (tx) => {
      const account = await resolveAccount(tx, provider, person, meta);
      const user = await applyRoleMapping(tx, account, mappedRole(provider, person.claims), provider, meta);
      if (user.status !== 'active') {
        return {
          kind: 'refused',
          code: STATUS_FAILURES[user.status] ?? 'account_inactive',
        } satisfies Outcome;
      }
      const previous = readSessionToken(request, config);
      if (previous) await endSession(tx, previous);
      const token = await createSession(tx, user.id, meta, {
        method: 'sso',
        providerId: provider.id,
        idTokenHint: idToken,
      });
      const signedIn = (await updateLastLogin(tx, user.id)) ?? user;
      return { kind: 'session', user: signedIn, token } satisfies Outcome;
    }) as Promise<Outcome>
  ).catch((error: unknown) => {
    // Two first sign-ins of one person at once: the unique indexes let one open the account, and the
    // other is asked to try again (which then finds it).
    if (uniqueViolation(error)) throw new SsoFailure('invalid_state', { cause: error });
    throw error;
  });
  if (outcome.kind === 'session') sessionCache().forgetUser(outcome.user.id);
  return outcome;
}

/** Links the identity to the signed-in person who started the link (from their profile). */
async function linkPerson(
  provider: ProviderRow,
  person: Person,
  login: PendingLogin,
  request: Request,
  meta: RequestMeta,
  config: Config,
): Promise<void> {
  const user = await sessionUser(request, config);
  if (!user || user.id !== login.linkUserId) throw new SsoFailure('link_session_ended');
  await sql.begin(async (tx) => {
    const linked = await selectIdentityUser(tx, provider.id, person.subject);
    if (linked && linked.id !== user.id) throw new SsoFailure('identity_in_use');
    if (linked) return;
    if (
      !(await insertIdentity(tx, {
        providerId: provider.id,
        subject: person.subject,
        userId: user.id,
        email: person.email,
      }))
    ) {
      throw new SsoFailure('identity_in_use');
    }
    await auditOwn(tx, user, 'user.sso_linked', { providerId: provider.id }, meta);
  });
}

/**
 * GET /api/auth/sso/:provider/callback: takes the pending sign-in of the browser's cookie (once),
 * checks the state, lets the library swap the code and verify the ID token, then signs the person in
 * (or links the identity). Always clears the cookie; any failure redirects with its code.
 */
export async function finishSignIn(
  providerId: string,
  request: Request,
  meta: RequestMeta,
  config: Config,
  log: Logger,
): Promise<Redirect> {
  await throttle('callback', meta.ipAddress);
  const cookies = [loginCookie(config, '', 0)];
  const url = new URL(request.url);
  const key = readCookie(request.headers.get('cookie') ?? '', LOGIN_COOKIE);
  const login =
    key && /^[\w-]{43}$/.test(key) ? await takePendingLogin(sql, sha256Hex(key), providerId) : null;
  try {
    const state = url.searchParams.get('state') ?? '';
    if (!login || !sameText(state, login.state)) throw new SsoFailure('invalid_state');
    const provider = await enabledProvider(providerId);
    const oidc = await providerConfiguration(clientSettingsOf(provider, config.mailSecretKey));
    const callbackUrl = new URL(redirectUriOf(config.appBaseUrl, provider.id));
    callbackUrl.search = url.search;
    const verified = await exchangeCode(oidc, callbackUrl, login);
    const person = personOf(verified.claims);
    if (!isDomainAllowed(provider, person.email)) throw new SsoFailure('domain_not_allowed');
    if (login.mode === 'link') {
      await linkPerson(provider, person, login, request, meta, config);
      return { location: login.returnTo ?? '/profile', cookies };
    }
    const outcome = await signInPerson(provider, person, verified.idToken, request, meta, config);
    if (outcome.kind === 'refused') return { location: failurePage(outcome.code, 'sign-in', null), cookies };
    cookies.push(sessionCookie(config, outcome.token));
    const home = outcome.user.role === 'admin' ? '/admin' : (login.returnTo ?? '/');
    return { location: home, cookies };
  } catch (error) {
    if (!(error instanceof SsoFailure)) throw error;
    logFailure(log, 'callback', providerId, error);
    return { location: failurePage(error.code, login?.mode ?? 'sign-in', login?.returnTo ?? null), cookies };
  }
}

/**
 * The provider's sign-out URL and button label for the session this token names, when it began at a provider that
 * offers one (end_session_endpoint); asked before the session ends.
 */
export async function providerSignOut(
  token: string | null,
  config: Config,
): Promise<{ url: string; label: string } | null> {
  if (!token) return null;
  const start = await selectSessionStart(sql, sha256Hex(token));
  if (start?.method !== 'sso' || !start.providerId || !start.idTokenHint) return null;
  const provider = await selectProvider(sql, start.providerId);
  if (!provider) return null;
  try {
    const url = await endSessionUrl(
      clientSettingsOf(provider, config.mailSecretKey),
      start.idTokenHint,
      `${config.appBaseUrl}/login`,
    );
    return url ? { url, label: provider.label } : null;
  } catch {
    return null;
  }
}
