import { describe, expect, test } from 'bun:test';
import { ERROR_CODES } from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { app, logLines, TestClient, testConfig } from '../test/helpers.ts';
import { createErrorHandler } from './errors.ts';
import { ACCESS_EXTENSION, declaredAccess, type RegisteredRoute, ROUTE_ACCESS } from './route-access.ts';
import { createSessionPlugin } from './session.ts';

// The walk of every route x every kind of caller (the authorization matrix) is in
// api/test/attack/authz-matrix.test.ts; this file checks the declarations and the deny-by-default rule.

const log = { info: (line: string) => logLines.push(line), error: (line: string) => logLines.push(line) };

/** A small app with the session guard, one declared public route and one route that declares nothing. */
function probeApp(hasRun: { declared: boolean; undeclared: boolean }) {
  const routes: RegisteredRoute[] = [];
  const probe = new Elysia()
    .use(createErrorHandler({ log, validationMessages: {} }))
    .use(createSessionPlugin(testConfig, log, () => routes))
    .get(
      '/api/declared-probe',
      () => {
        hasRun.declared = true;
        return { ok: true };
      },
      { auth: 'public' },
    )
    .get('/api/undeclared-probe', () => {
      hasRun.undeclared = true;
      return { secret: true };
    });
  routes.push(...probe.routes);
  return probe;
}

describe('route access declarations', () => {
  test('every route of the app declares who may call it', () => {
    const undeclared = app.routes
      .filter((route) => declaredAccess(route) === undefined)
      .map((route) => `${route.method} ${route.path}`);
    expect(app.routes.length).toBeGreaterThan(0);
    expect(undeclared).toEqual([]);
  });

  test('a route that declares no access answers 404 and its handler never runs', async () => {
    const hasRun = { declared: false, undeclared: false };
    const probe = probeApp(hasRun);
    const declared = await probe.handle(new Request('http://localhost/api/declared-probe'));
    expect(declared.status).toBe(200);
    expect(hasRun.declared).toBe(true);

    const response = await probe.handle(new Request('http://localhost/api/undeclared-probe'));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: ERROR_CODES.notFound, message: 'Not found' });
    expect(hasRun.undeclared).toBe(false);
    expect(logLines.some((line) => line.includes('GET /api/undeclared-probe declares no access'))).toBe(true);
  });

  test('the OpenAPI document states each operation’s access and its security requirement', async () => {
    const response = await new TestClient().get('/swagger/json');
    const document = response.body as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
    };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ key: `${method} ${path}`, operation })),
    );
    expect(operations.length).toBeGreaterThan(0);
    const unstated = operations.filter(
      ({ operation }) => !ROUTE_ACCESS.some((access) => access === operation[ACCESS_EXTENSION]),
    );
    expect(unstated.map(({ key }) => key)).toEqual([]);
    const patchTicket = document.paths['/api/tickets/{id}']?.patch;
    expect(patchTicket?.[ACCESS_EXTENSION]).toBe('staff');
    expect(patchTicket?.security).toEqual([{ session: ['admin', 'agent'] }, { bearer: ['admin', 'agent'] }]);
    expect(document.paths['/api/health']?.get?.security).toEqual([]);
    expect(document.components.securitySchemes.session).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: testConfig.sessionCookie.name,
    });
  });
});
