import type { TUserRole } from '@helpdesk/contracts';
import type { TTranslate } from '@helpdesk/shared-ui/i18n';
import { layoutEnglish, type TLayoutMessageId } from './messages.ts';

export type TNavPath =
  | '/'
  | '/tickets'
  | '/kb'
  | '/admin/users'
  | '/admin/settings'
  | '/admin/reports'
  | '/admin/service-levels'
  | '/admin/automation';
export type TNavIcon =
  | 'dashboard'
  | 'tickets'
  | 'kb'
  | 'users'
  | 'settings'
  | 'reports'
  | 'serviceLevels'
  | 'automation';
export type TNavItem = { label: string; to: TNavPath; icon: TNavIcon };
export type TNavGroup = { label: string | null; items: TNavItem[] };

/**
 * The sidebar: ticket wording follows the role, Administration is admin-only. Labels in the language of
 * `t` (the layout's translate function; English by default).
 */
export function navGroupsFor(role: TUserRole, t: TTranslate<TLayoutMessageId> = layoutEnglish): TNavGroup[] {
  const main: TNavGroup = {
    label: null,
    items: [
      { label: t('nav.dashboard'), to: '/', icon: 'dashboard' },
      {
        label: role === 'end_user' ? t('nav.myTickets') : t('nav.allTickets'),
        to: '/tickets',
        icon: 'tickets',
      },
      { label: t('nav.knowledgeBase'), to: '/kb', icon: 'kb' },
    ],
  };
  if (role !== 'admin') return [main];
  return [
    main,
    {
      label: t('nav.administration'),
      items: [
        { label: t('nav.users'), to: '/admin/users', icon: 'users' },
        { label: t('nav.settings'), to: '/admin/settings', icon: 'settings' },
        { label: t('nav.reports'), to: '/admin/reports', icon: 'reports' },
        { label: t('nav.serviceLevels'), to: '/admin/service-levels', icon: 'serviceLevels' },
        { label: t('nav.automation'), to: '/admin/automation', icon: 'automation' },
      ],
    },
  ];
}

/** Dashboard is also served at /dashboard, so its link stays highlighted there. */
export function isNavItemActive(item: TNavItem, pathname: string): boolean {
  if (item.to === '/') return pathname === '/' || pathname === '/dashboard';
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
