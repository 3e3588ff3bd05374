import './standalone.css';
import { mountHarness } from '@helpdesk/shared-ui/standalone';
import TicketDetailPage from './exposes/ticket-detail-page.tsx';
import TicketListPage from './exposes/ticket-list-page.tsx';

mountHarness({
  apiOrigin: __API_ORIGIN__,
  shellOrigin: __SHELL_ORIGIN__,
  title: 'mf-tickets standalone',
  roles: ['admin', 'agent', 'end_user'],
  pages: [
    { path: '/', href: '/', label: 'Tickets', render: (user) => <TicketListPage currentUser={user} /> },
    { path: '/tickets', label: 'Tickets', render: (user) => <TicketListPage currentUser={user} /> },
    {
      path: '/tickets/$ticketId',
      label: 'Ticket',
      render: (user, params) => <TicketDetailPage currentUser={user} ticketId={params.ticketId ?? ''} />,
    },
  ],
});
