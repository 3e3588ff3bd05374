/**
 * The authorization matrix (docs/reliability.md#authorization-matrix): every route the app registered, called by every kind of caller, judged
 * against the access the route itself declared (its `auth` option, read from app.routes). Besides
 * anonymous and the three roles it covers the callers whose cookies outlive their rights: a user
 * rejected after signing in, a pending user holding a session row, and an admin downgraded to end
 * user. Walking app.routes means a route added tomorrow is in the matrix the day it lands; one that
 * declares nothing is expected to be refused to everyone.
 */
import { afterAll, describe, expect, test } from 'bun:test';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_SCOPES,
  ERROR_CODES,
  ROLE_TOKEN_SCOPES,
  SERVER_MESSAGES,
  type TApiTokenScope,
  TOKEN_SCOPE_REFUSALS,
  type TUserRole,
} from '@helpdesk/contracts';
import { requiredTokenScope } from '../../src/api-tokens/route-scopes.ts';
import { isRoleAllowed } from '../../src/route-access.ts';
import { createSession, sha256Hex } from '../../src/session.ts';
import { issueApiToken } from '../api-tokens.ts';
import { createUser, signIn, sql } from '../helpers.ts';
import {
  CALLERS,
  type Caller,
  cookieFor,
  effectiveRole,
  registeredRoutes,
  send,
  writeFigures,
} from './harness.ts';

const routes = registeredRoutes();
const tally = {
  checks: 0,
  unexpectedAllows: 0,
  unexpectedDenials: 0,
  serverErrors: 0,
  wrongDenialBodies: 0,
  sessionsLeftAlive: 0,
};
const undeclared = routes.filter((route) => route.access === undefined);

const DENIAL_BODIES = {
  401: JSON.stringify({ code: ERROR_CODES.unauthenticated, message: SERVER_MESSAGES.notAuthenticated }),
  403: JSON.stringify({ code: ERROR_CODES.forbidden, message: SERVER_MESSAGES.forbidden }),
} as const;

/** Whether the caller's session row still exists (the session plugin deletes those of inactive users). */
async function isSessionAlive(token: string): Promise<boolean> {
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from sessions where sid = ${sha256Hex(token)}`;
  return (row?.count ?? 0) > 0;
}

describe('authorization matrix', () => {
  test('every route answers every caller as its declared access says', async () => {
    const userIds: Record<Exclude<Caller, 'anonymous'>, string> = {
      end_user: (await createUser({ role: 'end_user' })).id,
      agent: (await createUser({ role: 'agent' })).id,
      admin: (await createUser({ role: 'admin' })).id,
      rejected_live: (await createUser({ role: 'agent' })).id,
      pending_session: (await createUser({ role: 'admin', status: 'pending' })).id,
      downgraded_admin: (await createUser({ role: 'admin' })).id,
    };
    const failures: string[] = [];
    for (const route of routes) {
      const access = route.access;
      // Path parameters are random uuids: the matrix is about who gets in, not about objects.
      const path = route.path.replace(/:[A-Za-z]+/g, () => crypto.randomUUID());
      for (const caller of CALLERS) {
        const cookie = await cookieFor(caller, userIds);
        const answer = await send(route.method, path, {
          cookie,
          ...(route.method === 'GET' ? {} : { json: {} }),
        });
        tally.checks += 1;
        const role = effectiveRole(caller);
        const isAllowed = isRoleAllowed(access, role);
        const denialStatus = role === null ? 401 : 403;
        const where = `${route.key} as ${caller}: ${answer.status}`;
        if (answer.status >= 500) {
          tally.serverErrors += 1;
          failures.push(`${where} (server error)`);
        }
        if (isAllowed && (answer.status === 401 || answer.status === 403)) {
          tally.unexpectedDenials += 1;
          failures.push(`${where}, expected to be let in`);
        }
        if (!isAllowed) {
          if (answer.status !== denialStatus) {
            // Anything but the denial is an allow: even a 404 or 400 means the handler's side was reached.
            tally.unexpectedAllows += 1;
            failures.push(`${where}, expected ${denialStatus}`);
          } else if (answer.text !== DENIAL_BODIES[denialStatus]) {
            tally.wrongDenialBodies += 1;
            failures.push(`${where} with body ${answer.text}`);
          }
        }
        const isInactive = caller === 'rejected_live' || caller === 'pending_session';
        if (cookie && isInactive && access !== 'public' && (await isSessionAlive(cookie))) {
          tally.sessionsLeftAlive += 1;
          failures.push(`${route.key} as ${caller}: the inactive user's session survived the request`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(tally.checks).toBe(routes.length * CALLERS.length);
  });

  test('every route answers API tokens as its access and its token scope say', async () => {
    const denial = (status: 401 | 403, message: string) =>
      JSON.stringify({ code: status === 401 ? ERROR_CODES.unauthenticated : ERROR_CODES.forbidden, message });
    /** A token of a fresh user of the role with these scopes (the owner's status changed after, if given). */
    const tokenOf = async (
      role: TUserRole,
      scopes: readonly TApiTokenScope[],
      status?: 'inactive' | 'rejected',
    ) => {
      const owner = await createUser({ role });
      const { secret, id } = await issueApiToken(await signIn(owner), scopes);
      if (status) await sql`update users set status = ${status} where id = ${owner.id}`;
      return { secret, id };
    };
    const fullAdmin = await tokenOf('admin', API_TOKEN_SCOPES);
    const fullEndUser = await tokenOf('end_user', ROLE_TOKEN_SCOPES.end_user);
    const revoked = await tokenOf('admin', API_TOKEN_SCOPES);
    await sql`update api_tokens set revoked_at = now() where id = ${revoked.id}`;
    const deactivated = await tokenOf('admin', API_TOKEN_SCOPES, 'inactive');
    const rejected = await tokenOf('agent', ROLE_TOKEN_SCOPES.agent, 'rejected');
    // For each scope, an admin's token with every other scope: each route needing it is refused by name.
    const narrow = new Map<TApiTokenScope, string>();
    for (const scope of API_TOKEN_SCOPES) {
      const others = API_TOKEN_SCOPES.filter((other) => other !== scope);
      narrow.set(scope, (await tokenOf('admin', others)).secret);
    }

    const failures: string[] = [];
    for (const route of routes) {
      const access = route.access;
      if (access === undefined || access === 'public') continue;
      const path = route.path.replace(/:[A-Za-z]+/g, () => crypto.randomUUID());
      const needed = requiredTokenScope(route.method, route.path, access);
      const call = async (secret: string) => {
        tally.checks += 1;
        const answer = await send(route.method, path, {
          headers: { authorization: `Bearer ${secret}` },
          ...(route.method === 'GET' ? {} : { json: {} }),
        });
        if (answer.status >= 500) {
          tally.serverErrors += 1;
          failures.push(`${route.key} with a token: ${answer.status} (server error)`);
        }
        return answer;
      };
      const expectDenial = async (who: string, secret: string, status: 401 | 403, message: string) => {
        const answer = await call(secret);
        if (answer.status !== status || answer.text !== denial(status, message)) {
          if (answer.status !== status) tally.unexpectedAllows += 1;
          failures.push(
            `${route.key} with ${who}: ${answer.status} ${answer.text}, expected ${status} ${message}`,
          );
        }
      };
      for (const [who, secret] of [
        ['a revoked token', revoked.secret],
        ["a deactivated owner's token", deactivated.secret],
        ["a rejected owner's token", rejected.secret],
      ] as const) {
        await expectDenial(who, secret, 401, API_TOKEN_MESSAGES.tokenInvalid);
      }
      if (needed === 'refused') {
        await expectDenial("an admin's full token", fullAdmin.secret, 403, API_TOKEN_MESSAGES.tokenRefused);
        continue;
      }
      const admitted = await call(fullAdmin.secret);
      if (admitted.status === 401 || admitted.status === 403) {
        tally.unexpectedDenials += 1;
        failures.push(`${route.key} with an admin's full token: ${admitted.status}, expected to be let in`);
      }
      if (needed !== null) {
        await expectDenial(
          `a token without ${needed}`,
          narrow.get(needed) ?? '',
          403,
          TOKEN_SCOPE_REFUSALS[needed],
        );
      }
      const endUserAnswer = await call(fullEndUser.secret);
      const isEndUserAllowed =
        isRoleAllowed(access, 'end_user') && (needed === null || ROLE_TOKEN_SCOPES.end_user.includes(needed));
      if (isEndUserAllowed === (endUserAnswer.status === 403 || endUserAnswer.status === 401)) {
        if (isEndUserAllowed) tally.unexpectedDenials += 1;
        else tally.unexpectedAllows += 1;
        failures.push(`${route.key} with an end user's full token: ${endUserAnswer.status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  test('a rejected user with a live cookie is signed out: 401, cookie cleared, session row deleted', async () => {
    const user = await createUser({ role: 'admin' });
    const cookie = await createSession(sql, user.id, { ipAddress: null, userAgent: null });
    expect((await send('GET', '/api/auth/me', { cookie })).status).toBe(200);
    await sql`update users set status = 'rejected' where id = ${user.id}`;
    expect(await isSessionAlive(cookie)).toBe(true);
    const answer = await send('GET', '/api/auth/me', { cookie });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('set-cookie') ?? '').toMatch(/Max-Age=0/i);
    expect(await isSessionAlive(cookie)).toBe(false);
  });
});

afterAll(() => {
  writeFigures(
    'authz',
    'Authorization matrix',
    [
      { name: 'routes in the app', value: routes.length },
      { name: 'callers per route', value: CALLERS.length },
      {
        name: 'route × caller answers checked',
        value: tally.checks,
        target: { op: '>=', value: routes.length * CALLERS.length },
      },
      { name: 'unexpected allows', value: tally.unexpectedAllows, target: { op: '=', value: 0 } },
      { name: 'unexpected denials', value: tally.unexpectedDenials, target: { op: '=', value: 0 } },
      { name: '5xx answers', value: tally.serverErrors, target: { op: '=', value: 0 } },
      { name: 'denials with another body', value: tally.wrongDenialBodies, target: { op: '=', value: 0 } },
      {
        name: 'inactive users’ sessions surviving a request',
        value: tally.sessionsLeftAlive,
        target: { op: '=', value: 0 },
      },
      {
        name: 'routes declaring no access',
        value: undeclared.length,
        target: { op: '=', value: 0 },
      },
    ],
    [
      `Callers: ${CALLERS.join(', ')}.`,
      'A refused caller must get exactly 401 (signed out, rejected, pending) or 403 (wrong role) with the standard body; any other answer counts as an allow.',
      'API tokens: every guarded route is also called with a revoked token and tokens of a deactivated and a rejected owner (401), an admin token with every scope (let in, or 403 where tokens are refused), an admin token lacking the one scope the route needs (403 naming it) and an end user token (let in only where role and scopes allow).',
    ],
  );
});
