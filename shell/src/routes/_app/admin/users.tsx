import { REMOTE_MODULES } from '@helpdesk/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { RemotePage } from '../../../remote/remote-page.tsx';
import { useSignedInUser } from '../../../session/signed-in-user.tsx';

export const Route = createFileRoute('/_app/admin/users')({
  staticData: { title: 'Users & Teams', roles: 'admin', isNewTicketHidden: true },
  component: UsersTeamsRoute,
});

function UsersTeamsRoute() {
  const currentUser = useSignedInUser();
  return <RemotePage moduleId={REMOTE_MODULES.usersTeamsPage} props={{ currentUser }} />;
}
