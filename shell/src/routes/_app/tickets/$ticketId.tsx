import { REMOTE_MODULES } from '@helpdesk/contracts/constants';
import { createFileRoute } from '@tanstack/react-router';
import { SidebarTicketViews } from '../../../layout/sidebar-ticket-views.tsx';
import { SIGNED_IN_PAGES, staticDataOf } from '../../../layout/signed-in-pages.ts';
import { preloadRemoteComponent } from '../../../remote/load-remote-component.ts';
import { RemotePage } from '../../../remote/remote-page.tsx';
import { useSignedInUser } from '../../../session/signed-in-user.tsx';

export const Route = createFileRoute('/_app/tickets/$ticketId')({
  staticData: staticDataOf(SIGNED_IN_PAGES.ticket),
  // Runs on intent too (defaultPreload: 'intent'): hovering a link starts fetching the remote page.
  loader: () => preloadRemoteComponent(REMOTE_MODULES.ticketDetailPage),
  component: TicketDetailRoute,
});

function TicketDetailRoute() {
  const currentUser = useSignedInUser();
  const { ticketId } = Route.useParams();
  return (
    <>
      <RemotePage moduleId={REMOTE_MODULES.ticketDetailPage} props={{ currentUser, ticketId }} />
      <SidebarTicketViews />
    </>
  );
}
