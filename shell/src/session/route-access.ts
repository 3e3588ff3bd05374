import type { TUserRole, TUserStatus } from '@helpdesk/contracts';
import { withReturnPath } from '@helpdesk/contracts/constants';

const ACCESS_DENIED = "Access denied. You don't have permission to view this page.";

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

/** The access-denied alert text (docs/product.md#roles), for one role or a list. */
export function accessDeniedText(roles: TAllowedRoles): string {
  const list = toRoleList(roles) ?? [];
  if (list.length === 1) return `${ACCESS_DENIED} This page requires ${list[0]} access.`;
  return `${ACCESS_DENIED} This page requires one of: ${list.join(', ')} access.`;
}

/** The inactive-account alert text (docs/product.md#registration-and-approval). */
export function inactiveAccountText(status: TUserStatus): string {
  if (status === 'pending') return 'Your account is not active. Please wait for admin approval.';
  if (status === 'rejected')
    return 'Your account is not active. Your account has been rejected. Please contact support.';
  return 'Your account is not active.';
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
