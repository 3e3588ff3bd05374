import { describe, expect, test } from 'bun:test';
import { ERROR_CODES, type TUserRole } from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { app, createUser, logLines, sql, TestClient, testConfig } from '../test/helpers.ts';
import { createErrorHandler } from './errors.ts';
import { ROUTE_POLICY, type RouteAccess } from './policy.ts';
import { createSession, createSessionPlugin } from './session.ts';

const ROLES: TUserRole[] = ['end_user', 'agent', 'admin'];
const routes = app.routes.map((route) => ({
  method: route.method,
  path: route.path,
  key: `${route.method} ${route.path}`,
}));

/** A concrete URL for a route pattern: every path parameter becomes a random uuid. */
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, () => crypto.randomUUID());

describe('the route policy table', () => {
  test('lists every registered route, and nothing that is not a route', () => {
    const registered = new Set(routes.map((route) => route.key));
    const missing = [...registered].filter((key) => !Object.hasOwn(ROUTE_POLICY, key));
    const stale = Object.keys(ROUTE_POLICY).filter((key) => !registered.has(key));
    expect(missing).toEqual([]);
    expect(stale).toEqual([]);
  });

  test('every route answers every caller as the table says', async () => {
    const users = new Map(
      await Promise.all(ROLES.map(async (role) => [role, await createUser({ role })] as const)),
    );
    // A fresh session per call: a public route such as logout must not end the session the next call needs.
    const clientFor = async (role: TUserRole | 'anonymous') => {
      const client = new TestClient();
      const user = role === 'anonymous' ? undefined : users.get(role);
      if (user) client.cookie = await createSession(sql, user.id, { ipAddress: null, userAgent: null });
      return client;
    };
    const failures: string[] = [];
    for (const route of routes) {
      const access: RouteAccess | undefined = ROUTE_POLICY[route.key];
      for (const role of ['anonymous', ...ROLES] as const) {
        const client = await clientFor(role);
        const hasBody = route.method !== 'GET';
        const response = await client.request(
          route.method,
          concrete(route.path),
          hasBody ? { json: {} } : {},
        );
        const isAllowed = access === 'public' || (role !== 'anonymous' && access?.includes(role) === true);
        const expected = isAllowed ? 'not 401/403/404-unlisted' : role === 'anonymous' ? '401' : '403';
        const isOk = isAllowed
          ? response.status !== 401 && response.status !== 403 && response.status < 500
          : response.status === (role === 'anonymous' ? 401 : 403);
        if (!isOk) failures.push(`${route.key} as ${role}: ${response.status}, expected ${expected}`);
      }
    }
    expect(failures).toEqual([]);
  });

  test('a route missing from the table answers 404 and its handler never runs', async () => {
    let hasRun = false;
    const log = { info: (line: string) => logLines.push(line), error: (line: string) => logLines.push(line) };
    const probe = new Elysia()
      .use(createErrorHandler({ log, validationMessages: {} }))
      .use(createSessionPlugin(testConfig, log))
      .get('/api/unlisted-probe', () => {
        hasRun = true;
        return { secret: true };
      });
    const response = await probe.handle(new Request('http://localhost/api/unlisted-probe'));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: ERROR_CODES.notFound, message: 'Not found' });
    expect(hasRun).toBe(false);
    expect(
      logLines.some((line) => line.includes('GET /api/unlisted-probe is missing from the policy table')),
    ).toBe(true);
  });
});
