import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SIGNED_IN_PAGES } from '../../src/layout/signed-in-pages.ts';
import { SCREENS } from './screens.ts';

const ROUTES = join(import.meta.dirname, '..', '..', 'src', 'routes');

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? routeFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** '/_app/kb/' -> '/kb': the URL a route answers, without pathless layout segments or a trailing slash. */
function routeUrl(routeId: string): string {
  const segments = routeId.split('/').filter((segment) => segment !== '' && !segment.startsWith('_'));
  return `/${segments.join('/')}`;
}

/** Every page route of the shell: each file's createFileRoute id, layouts (they render no page) left out. */
function pageRoutes(): string[] {
  const routes = routeFiles(ROUTES)
    .filter((file) => file.endsWith('.tsx'))
    .map((file) => readFileSync(file, 'utf8').match(/createFileRoute\('([^']*)'\)/)?.[1])
    .filter((id): id is string => id !== undefined && !/\/_[^/]+$/.test(id));
  return [...new Set(routes.map(routeUrl))].sort();
}

describe('the accessibility screens', () => {
  test('route ids read as the URLs they answer', () => {
    expect(['/_app/', '/_app/kb/', '/admin/', '/_app/tickets/$ticketId', '/login'].map(routeUrl)).toEqual([
      '/',
      '/kb',
      '/admin',
      '/tickets/$ticketId',
      '/login',
    ]);
  });

  test('every route of the shell has a screen the accessibility spec visits, and no screen names a route that is gone', () => {
    const routes = pageRoutes();
    expect(routes.length).toBeGreaterThan(10);
    const covered = [...new Set(SCREENS.flatMap((screen) => screen.routes))].sort();
    expect(covered).toEqual(routes);
  });

  test('every signed-in page is visited by each role it admits', () => {
    for (const page of Object.values(SIGNED_IN_PAGES)) {
      const roles: readonly string[] = 'roles' in page ? [page.roles] : ['end_user', 'agent', 'admin'];
      const visitors = new Set(
        SCREENS.filter((screen) => screen.routes.includes(page.path)).flatMap((screen) => screen.visitors),
      );
      const expected = roles.map((role) => (role === 'end_user' ? 'user' : role));
      expect({ path: page.path, visitors: expected.filter((v) => visitors.has(v as never)) }).toEqual({
        path: page.path,
        visitors: expected,
      });
    }
  });

  test('screen names are unique, so a failure names one screen', () => {
    const names = SCREENS.map((screen) => screen.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
