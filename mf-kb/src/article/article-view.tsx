import type { TKbArticle } from '@helpdesk/contracts';
import { Badge, Button, Card, CardContent, CardHeader, fullName, Separator } from '@helpdesk/shared-ui';
import { CalendarDays, Eye, Folder, Pencil, Tag, UserRound } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { FeedbackSummary } from '../article-feedback/feedback-summary.tsx';
import { HelpfulBox } from '../article-feedback/helpful-box.tsx';
import { EditArticleDialog } from '../article-form/article-form-dialog.tsx';
import { ArticleStatusBadge, InactiveCategoryBadge, PopularBadge } from '../kb/article-badges.tsx';
import { updatedDateLabel } from '../kb/article-labels.ts';
import { useKbT } from '../kb/messages.ts';
import { MarkdownView } from '../markdown/markdown-view.tsx';
import { HistoryButton } from '../revisions/history-button.tsx';
import { BackToKnowledgeBase } from './back-link.tsx';
import { DeleteArticleButton } from './delete-article-button.tsx';
import { useArticleT } from './messages.ts';

function MetaItem({
  icon: Icon,
  children,
  testId,
}: {
  icon: typeof Eye;
  children: ReactNode;
  testId: string;
}) {
  return (
    <span className="inline-flex items-center gap-1.5" data-testid={testId}>
      <Icon className="size-4" aria-hidden />
      {children}
    </span>
  );
}

/** The article: title, badges, author, category, updated date, views, tags, excerpt and the body. */
export function ArticleView({
  article,
  canEdit,
  canDelete = false,
}: {
  article: TKbArticle;
  canEdit: boolean;
  /** Admins only: Delete, after a confirmation. */
  canDelete?: boolean;
}) {
  const t = useArticleT();
  const kbT = useKbT();
  const [isEditOpen, setIsEditOpen] = useState(false);
  return (
    <div className="flex flex-col gap-4" data-testid="article-page">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackToKnowledgeBase />
        <div className="flex flex-wrap gap-2">
          {canEdit && <HistoryButton article={article} />}
          {canDelete && <DeleteArticleButton article={article} />}
          {canEdit && (
            <Button variant="outline" onClick={() => setIsEditOpen(true)} data-testid="edit-article-button">
              <Pencil className="size-4" aria-hidden />
              {t('article.edit')}
            </Button>
          )}
        </div>
      </div>
      <Card>
        <CardHeader className="gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <ArticleStatusBadge status={article.status} />
            {article.isPopular && <PopularBadge />}
            {canEdit && article.category.isActive === false && <InactiveCategoryBadge />}
          </div>
          <h2
            className="font-semibold text-2xl leading-tight tracking-tight break-words"
            data-testid="article-title"
          >
            {article.title}
          </h2>
          <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground">
            <MetaItem icon={UserRound} testId="article-author">
              {fullName(article.author)}
            </MetaItem>
            <MetaItem icon={Folder} testId="article-category">
              {article.category.name}
            </MetaItem>
            <MetaItem icon={CalendarDays} testId="article-updated">
              {kbT('kb.updated', { date: updatedDateLabel(article.updatedAt, kbT('kb.unknownDate')) })}
            </MetaItem>
            <MetaItem icon={Eye} testId="article-views">
              {kbT('kb.viewCount', { count: article.viewCount })}
            </MetaItem>
          </div>
          {article.tags.length > 0 && (
            <ul className="flex flex-wrap items-center gap-1.5" aria-label={t('article.tags')}>
              <Tag className="size-4 text-muted-foreground" aria-hidden />
              {article.tags.map((tag) => (
                <li key={tag}>
                  <Badge variant="secondary" data-testid="article-tag">
                    {tag}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {article.excerpt && (
            <p className="text-base text-muted-foreground break-words" data-testid="article-excerpt">
              {article.excerpt}
            </p>
          )}
          {article.excerpt && <Separator />}
          <MarkdownView markdown={article.content} testId="article-content" />
        </CardContent>
      </Card>
      <HelpfulBox articleId={article.id} />
      {canEdit && <FeedbackSummary articleId={article.id} />}
      {canEdit && <EditArticleDialog article={article} isOpen={isEditOpen} onOpenChange={setIsEditOpen} />}
    </div>
  );
}
