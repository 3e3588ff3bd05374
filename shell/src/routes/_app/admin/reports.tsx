import { REMOTE_MODULES } from '@helpdesk/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { RemotePage } from '../../../remote/remote-page.tsx';
import { useSignedInUser } from '../../../session/signed-in-user.tsx';

export const Route = createFileRoute('/_app/admin/reports')({
  staticData: { title: 'Reports', roles: 'admin', isNewTicketHidden: true },
  component: ReportsRoute,
});

function ReportsRoute() {
  const currentUser = useSignedInUser();
  return <RemotePage moduleId={REMOTE_MODULES.reportsPage} props={{ currentUser }} />;
}
