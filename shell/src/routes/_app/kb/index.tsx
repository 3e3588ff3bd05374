import { REMOTE_MODULES } from '@helpdesk/contracts/constants';
import { createFileRoute } from '@tanstack/react-router';
import { preloadRemoteComponent } from '../../../remote/load-remote-component.ts';
import { RemotePage } from '../../../remote/remote-page.tsx';
import { useSignedInUser } from '../../../session/signed-in-user.tsx';

export const Route = createFileRoute('/_app/kb/')({
  staticData: { title: 'Knowledge Base' },
  // Runs on intent too (defaultPreload: 'intent'): hovering a link starts fetching the remote page.
  loader: () => preloadRemoteComponent(REMOTE_MODULES.knowledgeBasePage),
  component: KnowledgeBaseRoute,
});

function KnowledgeBaseRoute() {
  const currentUser = useSignedInUser();
  return <RemotePage moduleId={REMOTE_MODULES.knowledgeBasePage} props={{ currentUser }} />;
}
