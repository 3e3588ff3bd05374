import { PORTS } from '@helpdesk/tooling/ports';
import { remoteRsbuildConfig } from '@helpdesk/tooling/remote-rsbuild-config';

export default remoteRsbuildConfig({
  name: 'mf_tickets',
  appDir: import.meta.dirname,
  port: PORTS.mfTickets,
  exposes: {
    './TicketListPage': './src/exposes/ticket-list-page.tsx',
    './TicketDetailPage': './src/exposes/ticket-detail-page.tsx',
    './CreateTicketDialog': './src/exposes/create-ticket-dialog.tsx',
    './SidebarViews': './src/exposes/sidebar-views.tsx',
  },
});
