import type { TArticleStatus, TUserRole } from '@helpdesk/contracts';
import { formatShortDate } from '@helpdesk/shared-ui';

/** Admins and agents create and edit articles; end users only read. */
export function canEditArticles(role: TUserRole): boolean {
  return role === 'admin' || role === 'agent';
}

export const ARTICLE_STATUS_LABELS: Record<TArticleStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};

export type TArticleStatusBadgeVariant = 'default' | 'secondary' | 'outline';

/** Badge variants: published default, draft secondary, archived outline. */
export function articleStatusBadgeVariant(status: TArticleStatus): TArticleStatusBadgeVariant {
  switch (status) {
    case 'published':
      return 'default';
    case 'draft':
      return 'secondary';
    case 'archived':
      return 'outline';
  }
}

// Grouped by hand rather than with Intl so the text is the same in every browser locale and in tests.
function groupThousands(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** '1 article' / '12 articles' (the category card's count, singular or plural). */
export function articleCountLabel(count: number): string {
  return `${groupThousands(count)} ${count === 1 ? 'article' : 'articles'}`;
}

/** '1 view' / '1,284 views'. */
export function viewCountLabel(count: number): string {
  return `${groupThousands(count)} ${count === 1 ? 'view' : 'views'}`;
}

/** The article's updated date, month abbreviation day, year; `unknown` ('Unknown') when there is none. */
export function updatedDateLabel(updatedAt: string | null | undefined, unknown = 'Unknown'): string {
  return (updatedAt && formatShortDate(updatedAt)) || unknown;
}
