import type { TKbArticleSummary } from '@helpdesk/contracts';
import { fullName, Skeleton } from '@helpdesk/shared-ui';
import { Link } from '@tanstack/react-router';
import { Eye } from 'lucide-react';
import { ArticleStatusBadge, InactiveCategoryBadge, PopularBadge } from '../kb/article-badges.tsx';
import { updatedDateLabel } from '../kb/article-labels.ts';
import { useKbT } from '../kb/messages.ts';
import { useKnowledgeBaseT } from './messages.ts';

/** What each row says besides title and excerpt: the author (search), the update date (a category), the category (popular). */
export type TArticleRowMeta = 'author' | 'updated' | 'category';

function RowMeta({ article, meta }: { article: TKbArticleSummary; meta: TArticleRowMeta }) {
  const t = useKbT();
  const lead =
    meta === 'author'
      ? fullName(article.author)
      : meta === 'updated'
        ? t('kb.updated', { date: updatedDateLabel(article.updatedAt, t('kb.unknownDate')) })
        : article.category.name;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
      <span data-testid="article-row-lead">{lead}</span>
      <span aria-hidden>·</span>
      <span className="inline-flex items-center gap-1" data-testid="article-row-views">
        <Eye className="size-3.5" aria-hidden />
        {t('kb.viewCount', { count: article.viewCount })}
      </span>
    </p>
  );
}

function ArticleRow({
  article,
  meta,
  isStatusShown,
}: {
  article: TKbArticleSummary;
  meta: TArticleRowMeta;
  isStatusShown: boolean;
}) {
  return (
    // The title link stretches over the whole row, so the row is one click target.
    <li className="relative flex flex-col gap-1 px-6 py-4 hover:bg-muted/50" data-testid="article-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Link
          to="/kb/article/$articleId"
          params={{ articleId: article.id }}
          className="min-w-0 font-medium break-words after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring"
        >
          {article.title}
        </Link>
        <div className="flex shrink-0 gap-1.5">
          {isStatusShown && article.status !== 'published' && <ArticleStatusBadge status={article.status} />}
          {article.isPopular && <PopularBadge />}
          {isStatusShown && article.category.isActive === false && <InactiveCategoryBadge />}
        </div>
      </div>
      {article.excerpt && (
        <p className="line-clamp-2 text-sm text-muted-foreground break-words">{article.excerpt}</p>
      )}
      <RowMeta article={article} meta={meta} />
    </li>
  );
}

const SKELETON_KEYS = ['a', 'b', 'c', 'd', 'e'];

type TProps = {
  /** Undefined while the first answer loads: skeleton rows instead. */
  articles: readonly TKbArticleSummary[] | undefined;
  meta: TArticleRowMeta;
  /** Skeleton loaders show 3 or 5 rows. */
  skeletonRows: 3 | 5;
  empty: string;
  /** Staff see drafts and archived articles in lists; a badge tells them apart. */
  isStatusShown: boolean;
};

/** A list of articles (title, excerpt, meta, views, Popular badge), each opening /kb/article/{id}. */
export function ArticleList({ articles, meta, skeletonRows, empty, isStatusShown }: TProps) {
  const t = useKnowledgeBaseT();
  if (articles === undefined) {
    return (
      <ul className="divide-y" aria-busy="true" aria-label={t('knowledgeBase.loadingArticles')}>
        {SKELETON_KEYS.slice(0, skeletonRows).map((key) => (
          <li key={key} className="flex flex-col gap-2 px-6 py-4" data-testid="article-row-skeleton">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-3 w-40" />
          </li>
        ))}
      </ul>
    );
  }
  if (articles.length === 0) {
    return (
      <p className="px-6 py-10 text-center text-sm text-muted-foreground" data-testid="article-list-empty">
        {empty}
      </p>
    );
  }
  return (
    <ul className="divide-y">
      {articles.map((article) => (
        <ArticleRow key={article.id} article={article} meta={meta} isStatusShown={isStatusShown} />
      ))}
    </ul>
  );
}
