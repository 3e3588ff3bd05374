import type { TUserRole } from '@helpdesk/contracts';
import type { TLayoutMessageId } from './messages.ts';

export type TSignedInPage = {
  /** The route's path as the router writes it ($name: one segment). */
  path: string;
  /** Shown in the shared header: the id of its text in the layout's catalogue. */
  title: TLayoutMessageId;
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
  home: { path: '/', title: 'page.dashboard' },
  dashboard: { path: '/dashboard', title: 'page.dashboard' },
  // The list page has its own New Ticket button, so the header's is hidden there.
  tickets: { path: '/tickets', title: 'page.tickets', isNewTicketHidden: true },
  ticket: { path: '/tickets/$ticketId', title: 'page.ticket' },
  knowledgeBase: { path: '/kb', title: 'page.knowledgeBase' },
  article: { path: '/kb/article/$articleId', title: 'page.knowledgeBase' },
  search: { path: '/search', title: 'page.search' },
  profile: { path: '/profile', title: 'page.profile' },
  users: { path: '/admin/users', title: 'page.users', roles: 'admin', isNewTicketHidden: true },
  settings: { path: '/admin/settings', title: 'page.settings', roles: 'admin', isNewTicketHidden: true },
  reports: { path: '/admin/reports', title: 'page.reports', roles: 'admin', isNewTicketHidden: true },
  serviceLevels: {
    path: '/admin/service-levels',
    title: 'page.serviceLevels',
    roles: 'admin',
    isNewTicketHidden: true,
  },
  automation: {
    path: '/admin/automation',
    title: 'page.automation',
    roles: 'admin',
    isNewTicketHidden: true,
  },
} as const satisfies Record<string, TSignedInPage>;

/** A page's entry as a route's staticData (the path is the route's own). */
export function staticDataOf({ path: _path, ...meta }: TSignedInPage): Omit<TSignedInPage, 'path'> {
  return meta;
}
