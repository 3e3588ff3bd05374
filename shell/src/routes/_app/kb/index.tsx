import { REMOTE_MODULES } from '@helpdesk/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { RemotePage } from '../../../remote/remote-page.tsx';
import { useSignedInUser } from '../../../session/signed-in-user.tsx';

export const Route = createFileRoute('/_app/kb/')({
  staticData: { title: 'Knowledge Base' },
  component: KnowledgeBaseRoute,
});

function KnowledgeBaseRoute() {
  const currentUser = useSignedInUser();
  return <RemotePage moduleId={REMOTE_MODULES.knowledgeBasePage} props={{ currentUser }} />;
}
