import { describe, expect, test } from 'bun:test';
import { app } from '../../test/helpers.ts';
import { declaredAccess } from '../route-access.ts';
import { requiredTokenScope, TOKEN_ROUTE_RULES, tokenRuleOf } from './route-scopes.ts';

const guarded = () =>
  app.routes.flatMap((route) => {
    const access = declaredAccess(route);
    return access && access !== 'public' ? [{ method: route.method, path: route.path, access }] : [];
  });

describe('which scope a token needs', () => {
  test('every registered route that is not public has an entry: a scope, or refused to tokens', () => {
    const uncovered = guarded().filter((route) => tokenRuleOf(route.path) === undefined);
    expect(uncovered.map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });

  test('every entry still names a registered route (no stale prefix)', () => {
    const paths = guarded().map((route) => route.path);
    const stale = TOKEN_ROUTE_RULES.filter(
      ([prefix]) => !paths.some((path) => path === prefix || path.startsWith(`${prefix}/`)),
    );
    expect(stale).toEqual([]);
  });

  test('reads need :read, other methods :write, admin-only routes admin; credentials are refused', () => {
    expect(requiredTokenScope('GET', '/api/tickets/:id', 'signed-in')).toBe('tickets:read');
    expect(requiredTokenScope('HEAD', '/api/tickets', 'signed-in')).toBe('tickets:read');
    expect(requiredTokenScope('POST', '/api/tickets/:id/comments', 'signed-in')).toBe('tickets:write');
    expect(requiredTokenScope('GET', '/api/kb/articles', 'signed-in')).toBe('kb:read');
    expect(requiredTokenScope('PUT', '/api/kb/articles/:id', 'staff')).toBe('kb:write');
    expect(requiredTokenScope('DELETE', '/api/kb/articles/:id', 'admin')).toBe('admin');
    expect(requiredTokenScope('GET', '/api/admin/users', 'admin')).toBe('admin');
    expect(requiredTokenScope('GET', '/api/teams', 'admin')).toBe('admin');
    expect(requiredTokenScope('GET', '/api/teams', 'staff')).toBe('tickets:read');
    expect(requiredTokenScope('POST', '/api/canned-replies', 'staff')).toBe('tickets:write');
    expect(requiredTokenScope('GET', '/api/auth/me', 'signed-in')).toBeNull();
    for (const [method, path, access] of [
      ['POST', '/api/auth/change-password', 'signed-in'],
      ['POST', '/api/auth/two-factor/setup', 'signed-in'],
      ['GET', '/api/auth/sessions', 'signed-in'],
      ['POST', '/api/api-tokens', 'signed-in'],
      ['DELETE', '/api/admin/api-tokens/:tokenId', 'admin'],
      ['DELETE', '/api/admin/users/:userId/sessions', 'admin'],
      ['GET', '/api/events', 'signed-in'],
      ['GET', '/api/unlisted', 'signed-in'],
    ] as const) {
      expect(`${method} ${path}: ${requiredTokenScope(method, path, access)}`).toBe(
        `${method} ${path}: refused`,
      );
    }
  });
});
