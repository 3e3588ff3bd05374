import type { TArticleStatus } from '@helpdesk/contracts';
import { Badge, cn } from '@helpdesk/shared-ui';
import { TrendingUp } from 'lucide-react';
import { articleStatusBadgeVariant } from './article-labels.ts';
import { ARTICLE_STATUS_MESSAGES, useKbT } from './messages.ts';

/** An article's status: published default, draft secondary, archived outline. */
export function ArticleStatusBadge({ status, className }: { status: TArticleStatus; className?: string }) {
  const t = useKbT();
  return (
    <Badge
      variant={articleStatusBadgeVariant(status)}
      data-testid="article-status-badge"
      data-status={status}
      className={className}
    >
      {t(ARTICLE_STATUS_MESSAGES[status])}
    </Badge>
  );
}

/** The Popular badge of articles people read most. */
export function PopularBadge({ className }: { className?: string }) {
  const t = useKbT();
  return (
    <Badge
      variant="outline"
      data-testid="article-popular-badge"
      className={cn('border-amber-200 bg-amber-50 text-amber-800', className)}
    >
      <TrendingUp aria-hidden />
      {t('kb.popular')}
    </Badge>
  );
}

/** Staff only: the article's category is inactive, so end users do not see it. */
export function InactiveCategoryBadge() {
  const t = useKbT();
  return (
    <Badge
      variant="outline"
      data-testid="article-inactive-category-badge"
      title={t('kb.inactiveCategoryHint')}
    >
      {t('kb.inactiveCategory')}
    </Badge>
  );
}
