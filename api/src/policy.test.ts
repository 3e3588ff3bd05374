import { describe, expect, test } from 'bun:test';
import { ERROR_CODES } from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { app, logLines, testConfig } from '../test/helpers.ts';
import { createErrorHandler } from './errors.ts';
import { ROUTE_POLICY } from './policy.ts';
import { createSessionPlugin } from './session.ts';

// The walk of every route x every kind of caller (the authorization matrix) is in
// api/test/attack/authz-matrix.test.ts; this file checks the table itself and the deny-by-default rule.
const routes = app.routes.map((route) => ({
  method: route.method,
  path: route.path,
  key: `${route.method} ${route.path}`,
}));

describe('the route policy table', () => {
  test('lists every registered route, and nothing that is not a route', () => {
    const registered = new Set(routes.map((route) => route.key));
    const missing = [...registered].filter((key) => !Object.hasOwn(ROUTE_POLICY, key));
    const stale = Object.keys(ROUTE_POLICY).filter((key) => !registered.has(key));
    expect(missing).toEqual([]);
    expect(stale).toEqual([]);
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
