import type { TUserRole } from '@helpdesk/contracts';
import { createRouter } from '@tanstack/react-router';
import type { TLayoutMessageId } from './layout/messages.ts';
import { NotFound } from './not-found/not-found.tsx';
import { routeTree } from './routeTree.gen.ts';

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultNotFoundComponent: NotFound,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** Shown in the shared header: the id of its text in the layout's catalogue. */
    title?: TLayoutMessageId;
    /** Roles the page admits; absent means any signed-in user. */
    roles?: TUserRole | readonly TUserRole[];
    /** Pages with their own New Ticket entry point hide the header's. */
    isNewTicketHidden?: boolean;
  }
}
