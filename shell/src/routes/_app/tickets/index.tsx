import { REMOTE_MODULES } from '@helpdesk/contracts/constants';
import { createFileRoute } from '@tanstack/react-router';
import { preloadRemoteComponent } from '../../../remote/load-remote-component.ts';
import { RemotePage } from '../../../remote/remote-page.tsx';
import { useSignedInUser } from '../../../session/signed-in-user.tsx';

export const Route = createFileRoute('/_app/tickets/')({
  // The list page has its own New Ticket button, so the header's is hidden here.
  staticData: { title: 'Tickets', isNewTicketHidden: true },
  // Runs on intent too (defaultPreload: 'intent'): hovering a link starts fetching the remote page.
  loader: () => preloadRemoteComponent(REMOTE_MODULES.ticketListPage),
  component: TicketListRoute,
});

function TicketListRoute() {
  const currentUser = useSignedInUser();
  return <RemotePage moduleId={REMOTE_MODULES.ticketListPage} props={{ currentUser }} />;
}
