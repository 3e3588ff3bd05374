import type { TUserRole, TUserStatus } from '@helpdesk/contracts';
import { withReturnPath } from '@helpdesk/contracts/constants';
import type { TTranslate } from '@helpdesk/shared-ui/i18n';
import { sessionEnglish, type TSessionMessageId } from './messages.ts';

type TSessionT = TTranslate<TSessionMessageId>;

const ROLE_NAMES = {
  admin: 'session.roleAdmin',
  agent: 'session.roleAgent',
  end_user: 'session.roleEndUser',
} as const satisfies Record<TUserRole, TSessionMessageId>;

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

/** The access-denied alert text (docs/product.md#roles), for one role or a list, in the language of `t`. */
export function accessDeniedText(roles: TAllowedRoles, t: TSessionT = sessionEnglish): string {
  const names = (toRoleList(roles) ?? []).map((role) => t(ROLE_NAMES[role]));
  if (names.length === 1) return t('session.accessDeniedOne', { role: names[0] ?? '' });
  return t('session.accessDeniedMany', { roles: names.join(', ') });
}

/** The inactive-account alert text (docs/product.md#registration-and-approval), in the language of `t`. */
export function inactiveAccountText(status: TUserStatus, t: TSessionT = sessionEnglish): string {
  if (status === 'pending') return t('session.inactivePending');
  if (status === 'rejected') return t('session.inactiveRejected');
  return t('session.inactive');
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
