import { type TUserRole, USER_ROLES } from '@helpdesk/contracts';

/**
 * Who may call a route, declared where the route is (`{ auth: 'staff' }`): anyone, or a signed-in,
 * active user of the roles the level names. A route that declares nothing is refused to everyone
 * (docs/security.md, route access).
 */
export const ROUTE_ACCESS = ['public', 'signed-in', 'staff', 'admin'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

const ROLES: Readonly<Record<Exclude<RouteAccess, 'public'>, readonly TUserRole[]>> = {
  'signed-in': USER_ROLES,
  staff: ['admin', 'agent'],
  admin: ['admin'],
};

/**
 * The OpenAPI extension that carries a route's declared access: the `auth` macro writes it into
 * the route's `detail`, so the document states it and the guard and tests read it from the app.
 */
export const ACCESS_EXTENSION = 'x-access';

/** The OpenAPI security scheme of the session cookie (the docs module defines it). */
export const SESSION_SECURITY_SCHEME = 'session';

/** The OpenAPI security scheme of API tokens, `Authorization: Bearer hd_...` (the docs module defines it). */
export const BEARER_SECURITY_SCHEME = 'bearer';

/**
 * The `detail` a route's access declaration adds to its OpenAPI operation: the extension, and its
 * security requirement (none when public, otherwise the session cookie or an API token, each with
 * the roles it admits; which token scope a route needs is the bearer scheme's description).
 */
export function accessDetail(access: RouteAccess): {
  [ACCESS_EXTENSION]: RouteAccess;
  security: Record<string, string[]>[];
} {
  return {
    [ACCESS_EXTENSION]: access,
    security:
      access === 'public'
        ? []
        : [
            { [SESSION_SECURITY_SCHEME]: [...ROLES[access]] },
            { [BEARER_SECURITY_SCHEME]: [...ROLES[access]] },
          ],
  };
}

/** Whether a signed-in, active user of this role (null: signed out) may call a route of this access. */
export function isRoleAllowed(access: RouteAccess | undefined, role: TUserRole | null): boolean {
  if (access === 'public') return true;
  return access !== undefined && role !== null && ROLES[access].includes(role);
}

function isRouteAccess(value: unknown): value is RouteAccess {
  return ROUTE_ACCESS.some((access) => access === value);
}

/** A registered route as Elysia lists it in `app.routes`. */
export type RegisteredRoute = { method: string; path: string; hooks: { detail?: object } };

/** The access a registered route declared, or undefined when it declared none (refused). */
export function declaredAccess(route: RegisteredRoute): RouteAccess | undefined {
  const detail = route.hooks.detail;
  return detail && ACCESS_EXTENSION in detail && isRouteAccess(detail[ACCESS_EXTENSION])
    ? detail[ACCESS_EXTENSION]
    : undefined;
}

/**
 * Looks up the declared access of a request's route (method and Elysia path pattern) among the
 * routes of an app. The index is rebuilt only when the app's route count changes, which happens
 * before the first request, so a request costs one map lookup.
 */
export function createAccessLookup(routes: () => readonly RegisteredRoute[]) {
  let index = new Map<string, RouteAccess>();
  let indexedCount = -1;
  return (method: string, path: string): RouteAccess | undefined => {
    const all = routes();
    if (all.length !== indexedCount) {
      index = new Map();
      for (const route of all) {
        const access = declaredAccess(route);
        if (access) index.set(`${route.method} ${route.path}`, access);
      }
      indexedCount = all.length;
    }
    return index.get(`${method} ${path}`);
  };
}
