import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@helpdesk/shared-ui';
import { FileQuestion } from 'lucide-react';
import { BackToKnowledgeBase } from './back-link.tsx';
import { useArticleT } from './messages.ts';

type TProps = {
  /** Offered when the article could not be loaded for another reason than not existing. */
  retry?: { onRetry: () => void; isRetrying: boolean };
};

/** A missing article, one the user may not read, or a load error. */
export function ArticleNotFound({ retry }: TProps) {
  const t = useArticleT();
  return (
    <Card className="mx-auto w-full max-w-lg" data-testid="article-not-found">
      <CardHeader>
        <div className="mb-1 flex size-10 items-center justify-center rounded-lg bg-muted text-muted-foreground">
          <FileQuestion className="size-5" aria-hidden />
        </div>
        <CardTitle>{t('article.notFoundTitle')}</CardTitle>
        <CardDescription>{t('article.notFoundText')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-3">
        <BackToKnowledgeBase />
        {retry && (
          <Button variant="outline" size="sm" disabled={retry.isRetrying} onClick={retry.onRetry}>
            {retry.isRetrying ? t('article.retrying') : t('article.tryAgain')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
