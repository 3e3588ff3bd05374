import { REMOTE_MODULES } from '@helpdesk/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { RemotePage } from '../../../remote/remote-page.tsx';
import { useSignedInUser } from '../../../session/signed-in-user.tsx';

export const Route = createFileRoute('/_app/admin/settings')({
  staticData: { title: 'Settings', roles: 'admin', isNewTicketHidden: true },
  component: SettingsRoute,
});

function SettingsRoute() {
  const currentUser = useSignedInUser();
  return <RemotePage moduleId={REMOTE_MODULES.settingsPage} props={{ currentUser }} />;
}
