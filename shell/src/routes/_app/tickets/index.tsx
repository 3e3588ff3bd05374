import { REMOTE_MODULES } from '@helpdesk/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { RemotePage } from '../../../remote/remote-page.tsx';
import { useSignedInUser } from '../../../session/signed-in-user.tsx';

export const Route = createFileRoute('/_app/tickets/')({
  // The list page has its own New Ticket button, so the header's is hidden here.
  staticData: { title: 'Tickets', isNewTicketHidden: true },
  component: TicketListRoute,
});

function TicketListRoute() {
  const currentUser = useSignedInUser();
  return <RemotePage moduleId={REMOTE_MODULES.ticketListPage} props={{ currentUser }} />;
}
