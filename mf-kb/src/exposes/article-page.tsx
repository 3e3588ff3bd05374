import '../remote-styles-full.ts';
import type { TArticlePageProps } from '@helpdesk/contracts';
import { ApiRequestError, Card, CardContent, CardHeader, Skeleton } from '@helpdesk/shared-ui';
import { ArticleNotFound } from '../article/article-not-found.tsx';
import { ArticleView } from '../article/article-view.tsx';
import { useArticleT } from '../article/messages.ts';
import { useArticle } from '../article/use-article.ts';
import { canEditArticles } from '../kb/article-labels.ts';

/** A draft or archived article answers 404 to an end user, like a missing one; a malformed id 400. */
function isNotFound(error: Error | null): boolean {
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
}

function ArticleSkeleton() {
  const t = useArticleT();
  return (
    <div className="flex flex-col gap-4" role="status" aria-busy="true" aria-label={t('article.loading')}>
      <Skeleton className="h-5 w-48" />
      <Card>
        <CardHeader className="gap-3">
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </CardContent>
      </Card>
    </div>
  );
}

/** /kb/article/{id}: the article, and for agents and admins the Edit Article dialog. */
export default function ArticlePage({ articleId, currentUser }: TArticlePageProps) {
  const article = useArticle(articleId);
  if (article.data) {
    return (
      <ArticleView
        article={article.data}
        canEdit={canEditArticles(currentUser.role)}
        canDelete={currentUser.role === 'admin'}
      />
    );
  }
  if (article.isPending) return <ArticleSkeleton />;
  return (
    <ArticleNotFound
      retry={
        isNotFound(article.error)
          ? undefined
          : { onRetry: () => void article.refetch(), isRetrying: article.isFetching }
      }
    />
  );
}
