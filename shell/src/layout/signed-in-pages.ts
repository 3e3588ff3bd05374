import type { TUserRole } from '@helpdesk/contracts';

export type TSignedInPage = {
  /** The route's path as the router writes it ($name: one segment). */
  path: string;
  /** Shown in the shared header. */
  title: string;
  /** Roles the page admits; absent means any signed-in user. */
  roles?: TUserRole;
  /** Pages with their own New Ticket entry point hide the header's. */
  isNewTicketHidden?: boolean;
};

/**
 * Every page inside the signed-in layout. The routes take their staticData from here, and the shell's
 * build draws each page's first paint (its layout, navigation and title) from the same entries, so the
 * server's HTML and React's page agree (shell/src/first-paint/).
 */
export const SIGNED_IN_PAGES = {
  home: { path: '/', title: 'Dashboard' },
  dashboard: { path: '/dashboard', title: 'Dashboard' },
  // The list page has its own New Ticket button, so the header's is hidden there.
  tickets: { path: '/tickets', title: 'Tickets', isNewTicketHidden: true },
  ticket: { path: '/tickets/$ticketId', title: 'Ticket Details' },
  knowledgeBase: { path: '/kb', title: 'Knowledge Base' },
  article: { path: '/kb/article/$articleId', title: 'Knowledge Base' },
  search: { path: '/search', title: 'Search' },
  profile: { path: '/profile', title: 'Profile' },
  users: { path: '/admin/users', title: 'Users & Teams', roles: 'admin', isNewTicketHidden: true },
  settings: { path: '/admin/settings', title: 'Settings', roles: 'admin', isNewTicketHidden: true },
  reports: { path: '/admin/reports', title: 'Reports', roles: 'admin', isNewTicketHidden: true },
  serviceLevels: {
    path: '/admin/service-levels',
    title: 'Service levels',
    roles: 'admin',
    isNewTicketHidden: true,
  },
} as const satisfies Record<string, TSignedInPage>;

/** A page's entry as a route's staticData (the path is the route's own). */
export function staticDataOf({ path: _path, ...meta }: TSignedInPage): Omit<TSignedInPage, 'path'> {
  return meta;
}
