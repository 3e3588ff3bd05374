import type { TApiTokenScope } from '@helpdesk/contracts';
import type { RouteAccess } from '../route-access.ts';

/**
 * Which scope an API token needs for each route (docs/security.md#api-tokens). One table, keyed by
 * path prefix (the first match wins, so the narrow entries come first), read by the session guard:
 *
 * - `any`: any valid token (who am I, the desk's display settings);
 * - `tickets` / `kb`: the family's `:read` scope for GET and HEAD, its `:write` scope otherwise;
 * - `admin`: the `admin` scope;
 * - `refused`: never with a token. Everything that manages credentials or sessions (passwords,
 *   two-factor, sessions, single sign-on links, the profile, the tokens themselves) is here, so a
 *   token can never mint or extend access; so is the realtime stream, which is for the desk's pages.
 *
 * A route no entry covers is refused too; a test keeps every registered route covered.
 */
export type TokenRule = 'any' | 'tickets' | 'kb' | 'admin' | 'refused';

export const TOKEN_ROUTE_RULES: readonly (readonly [prefix: string, rule: TokenRule])[] = [
  ['/api/auth/me', 'any'],
  ['/api/auth/user', 'any'],
  ['/api/auth', 'refused'],
  ['/api/api-tokens', 'refused'],
  ['/api/admin/api-tokens', 'refused'],
  ['/api/admin/users/:userId/password-reset', 'refused'],
  ['/api/admin/users/:userId/sessions', 'refused'],
  ['/api/admin/users/:userId/two-factor', 'refused'],
  ['/api/events', 'refused'],
  ['/api/admin', 'admin'],
  ['/api/teams', 'tickets'],
  ['/api/tickets', 'tickets'],
  ['/api/canned-replies', 'tickets'],
  ['/api/dashboard', 'tickets'],
  ['/api/notifications', 'tickets'],
  ['/api/search', 'tickets'],
  ['/api/kb', 'kb'],
  ['/api/settings', 'any'],
];

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The rule of a route (its Elysia path pattern), or undefined when no entry covers it (refused). */
export function tokenRuleOf(path: string): TokenRule | undefined {
  return TOKEN_ROUTE_RULES.find(([prefix]) => isUnder(path, prefix))?.[1];
}

/**
 * What a token needs to call a route: a scope, null for any valid token, or 'refused'. Routes only
 * admins may call need `admin` whatever their path says, unless a narrower entry refuses them.
 */
export function requiredTokenScope(
  method: string,
  path: string,
  access: RouteAccess,
): TApiTokenScope | null | 'refused' {
  const rule = tokenRuleOf(path);
  if (rule === undefined || rule === 'refused') return 'refused';
  if (access === 'admin' || rule === 'admin') return 'admin';
  if (rule === 'any') return null;
  const isRead = method === 'GET' || method === 'HEAD';
  if (rule === 'tickets') return isRead ? 'tickets:read' : 'tickets:write';
  return isRead ? 'kb:read' : 'kb:write';
}
