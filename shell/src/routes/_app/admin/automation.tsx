import { REMOTE_MODULES } from '@helpdesk/contracts/constants';
import { createFileRoute } from '@tanstack/react-router';
import { SIGNED_IN_PAGES, staticDataOf } from '../../../layout/signed-in-pages.ts';
import { preloadRemoteComponent } from '../../../remote/load-remote-component.ts';
import { RemotePage } from '../../../remote/remote-page.tsx';
import { useSignedInUser } from '../../../session/signed-in-user.tsx';

export const Route = createFileRoute('/_app/admin/automation')({
  staticData: staticDataOf(SIGNED_IN_PAGES.automation),
  // Runs on intent too (defaultPreload: 'intent'): hovering a link starts fetching the remote page.
  loader: () => preloadRemoteComponent(REMOTE_MODULES.automationPage),
  component: AutomationRoute,
});

function AutomationRoute() {
  const currentUser = useSignedInUser();
  return <RemotePage moduleId={REMOTE_MODULES.automationPage} props={{ currentUser }} />;
}
