import type { TArticleStatus } from '@helpdesk/contracts';
import { Badge, cn } from '@helpdesk/shared-ui';
import { TrendingUp } from 'lucide-react';
import { ARTICLE_STATUS_LABELS, articleStatusBadgeVariant } from './article-labels.ts';

/** An article's status: published default, draft secondary, archived outline. */
export function ArticleStatusBadge({ status, className }: { status: TArticleStatus; className?: string }) {
  return (
    <Badge
      variant={articleStatusBadgeVariant(status)}
      data-testid="article-status-badge"
      data-status={status}
      className={className}
    >
      {ARTICLE_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The Popular badge of articles people read most. */
export function PopularBadge({ className }: { className?: string }) {
  return (
    <Badge
      variant="outline"
      data-testid="article-popular-badge"
      className={cn('border-amber-200 bg-amber-50 text-amber-800', className)}
    >
      <TrendingUp aria-hidden />
      Popular
    </Badge>
  );
}

/** Staff only: the article's category is inactive, so end users do not see it. */
export function InactiveCategoryBadge() {
  return (
    <Badge
      variant="outline"
      data-testid="article-inactive-category-badge"
      title="End users do not see this article"
    >
      Category inactive
    </Badge>
  );
}
