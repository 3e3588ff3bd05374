import type { TUserRole } from '@helpdesk/contracts';
import { withReturnPath } from '@helpdesk/contracts/constants';
/** Roles a page admits; undefined means any signed-in user. */
export type TAllowedRoles = TUserRole | readonly TUserRole[] | undefined;

/** Normalises the one-role and list-of-roles forms a page may declare. */
export function toRoleList(roles: TAllowedRoles): readonly TUserRole[] | null {
  if (roles === undefined) return null;
  return typeof roles === 'string' ? [roles] : roles;
}

/** True when the page admits this role (every role when the page names none). */
export function isRoleAllowed(roles: TAllowedRoles, role: TUserRole): boolean {
  const list = toRoleList(roles);
  return list === null || list.includes(role);
}

/** Where a signed-out visitor goes: admin-only pages send them to the administrator sign-in. */
export function signInPathFor(roles: TAllowedRoles): '/admin' | '/login' {
  const list = toRoleList(roles);
  return list !== null && list.length === 1 && list[0] === 'admin' ? '/admin' : '/login';
}

/** Where each sign-in page sends a person who came without a return path (docs/product.md#signing-in). */
export const SIGN_IN_DEFAULT_TARGET = { '/login': '/', '/admin': '/admin/users' } as const;

/** The sign-in page for a page's roles, carrying `returnPath` unless it is unsafe or that page's default. */
export function signInHrefFor(roles: TAllowedRoles, returnPath: string): string {
  const page = signInPathFor(roles);
  return withReturnPath(page, returnPath, SIGN_IN_DEFAULT_TARGET[page]);
}
