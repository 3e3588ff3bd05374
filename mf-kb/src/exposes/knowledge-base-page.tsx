import '../remote.css';
import type { TRemotePageProps } from '@helpdesk/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@helpdesk/shared-ui';

/** /kb: a placeholder until the knowledge base issue builds search, categories and popular articles. */
export default function KnowledgeBasePage(_props: TRemotePageProps) {
  return (
    <Card data-testid="knowledge-base-page">
      <CardHeader>
        <CardTitle>Knowledge Base</CardTitle>
        <CardDescription>
          Search articles, browse them by category and find the most popular ones.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground">The knowledge base is being set up.</p>
      </CardContent>
    </Card>
  );
}
