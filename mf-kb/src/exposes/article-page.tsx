import '../remote.css';
import type { TArticlePageProps } from '@helpdesk/contracts';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@helpdesk/shared-ui';
import { Link } from '@tanstack/react-router';

/** /kb/article/{id}: a placeholder until the knowledge base issue builds the article page. */
export default function ArticlePage({ articleId }: TArticlePageProps) {
  return (
    <Card data-testid="article-page">
      <CardHeader>
        <CardTitle>Article</CardTitle>
        <CardDescription>An article's body, category, author, status and views.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-1 text-sm">
        <p className="text-muted-foreground">Articles are being set up.</p>
        <p className="text-muted-foreground">
          Requested article: <span className="font-mono text-foreground">{articleId}</span>
        </p>
      </CardContent>
      <CardFooter>
        <Link to="/kb" className="text-sm font-medium text-primary hover:underline">
          Back to Knowledge Base
        </Link>
      </CardFooter>
    </Card>
  );
}
