import type { TUserRole, TUserStatus } from '@helpdesk/contracts';
import type { TTranslate } from '@helpdesk/shared-ui/i18n';
import { type TAllowedRoles, toRoleList } from '../session/route-access.ts';
import { accessEnglish, type TAccessMessageId } from './messages.ts';

type TAccessT = TTranslate<TAccessMessageId>;

const ROLE_NAMES = {
  admin: 'session.roleAdmin',
  agent: 'session.roleAgent',
  end_user: 'session.roleEndUser',
} as const satisfies Record<TUserRole, TAccessMessageId>;

/** The access-denied alert text (docs/product.md#roles), for one role or a list, in the language of `t`. */
export function accessDeniedText(roles: TAllowedRoles, t: TAccessT = accessEnglish): string {
  const names = (toRoleList(roles) ?? []).map((role) => t(ROLE_NAMES[role]));
  if (names.length === 1) return t('session.accessDeniedOne', { role: names[0] ?? '' });
  return t('session.accessDeniedMany', { roles: names.join(', ') });
}

/** The inactive-account alert text (docs/product.md#registration-and-approval), in the language of `t`. */
export function inactiveAccountText(status: TUserStatus, t: TAccessT = accessEnglish): string {
  if (status === 'pending') return t('session.inactivePending');
  if (status === 'rejected') return t('session.inactiveRejected');
  return t('session.inactive');
}
