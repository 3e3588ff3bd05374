import { REMOTE_MODULES } from '@helpdesk/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { RemotePage } from '../../../remote/remote-page.tsx';
import { useSignedInUser } from '../../../session/signed-in-user.tsx';

type TTicketListSearch = { create?: 1 };

export const Route = createFileRoute('/_app/tickets/')({
  staticData: { title: 'Tickets', isNewTicketHidden: true },
  // `?create=1` asks the ticket list to open its create dialog (the header's New Ticket button).
  validateSearch: (search: Record<string, unknown>): TTicketListSearch =>
    search.create === 1 || search.create === '1' ? { create: 1 } : {},
  component: TicketListRoute,
});

function TicketListRoute() {
  const currentUser = useSignedInUser();
  return <RemotePage moduleId={REMOTE_MODULES.ticketListPage} props={{ currentUser }} />;
}
