import type { TUserRole } from '@helpdesk/contracts';

export type TNavPath =
  | '/'
  | '/tickets'
  | '/kb'
  | '/admin/users'
  | '/admin/settings'
  | '/admin/reports'
  | '/admin/service-levels';
export type TNavIcon = 'dashboard' | 'tickets' | 'kb' | 'users' | 'settings' | 'reports' | 'serviceLevels';
export type TNavItem = { label: string; to: TNavPath; icon: TNavIcon };
export type TNavGroup = { label: string | null; items: TNavItem[] };

/** The sidebar: ticket wording follows the role, Administration is admin-only. */
export function navGroupsFor(role: TUserRole): TNavGroup[] {
  const main: TNavGroup = {
    label: null,
    items: [
      { label: 'Dashboard', to: '/', icon: 'dashboard' },
      { label: role === 'end_user' ? 'My Tickets' : 'All Tickets', to: '/tickets', icon: 'tickets' },
      { label: 'Knowledge Base', to: '/kb', icon: 'kb' },
    ],
  };
  if (role !== 'admin') return [main];
  return [
    main,
    {
      label: 'Administration',
      items: [
        { label: 'Users & Teams', to: '/admin/users', icon: 'users' },
        { label: 'Settings', to: '/admin/settings', icon: 'settings' },
        { label: 'Reports', to: '/admin/reports', icon: 'reports' },
        { label: 'Service levels', to: '/admin/service-levels', icon: 'serviceLevels' },
      ],
    },
  ];
}

/** Dashboard is also served at /dashboard, so its link stays highlighted there. */
export function isNavItemActive(item: TNavItem, pathname: string): boolean {
  if (item.to === '/') return pathname === '/' || pathname === '/dashboard';
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
