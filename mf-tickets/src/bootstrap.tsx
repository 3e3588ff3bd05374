import './standalone.css';
import TicketDetailPage from './exposes/ticket-detail-page.tsx';
import TicketListPage from './exposes/ticket-list-page.tsx';
import { mountHarness } from './standalone/harness.tsx';

mountHarness({
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
