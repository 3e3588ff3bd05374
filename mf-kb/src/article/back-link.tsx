import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useArticleT } from './messages.ts';

/** The 'Back to Knowledge Base' link of the article page. */
export function BackToKnowledgeBase() {
  const t = useArticleT();
  return (
    <Link
      to="/kb"
      className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      data-testid="back-to-kb"
    >
      <ArrowLeft className="size-4" aria-hidden />
      {t('article.back')}
    </Link>
  );
}
