import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@helpdesk/shared-ui';
import { BookOpen, FolderPlus, PenLine } from 'lucide-react';
import { useKnowledgeBaseT } from './messages.ts';

/**
 * A knowledge base with no category yet. Staff see how to start (a category first, as every article
 * belongs to one, then the first article); end users a friendly word that articles will come.
 */
export function EmptyKnowledgeBase({
  isStaff,
  onCreateCategory,
}: {
  isStaff: boolean;
  onCreateCategory: () => void;
}) {
  const t = useKnowledgeBaseT();
  if (!isStaff) {
    return (
      <Card data-testid="kb-empty">
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
          <BookOpen className="size-10 text-muted-foreground" aria-hidden />
          <p className="font-medium">{t('knowledgeBase.emptyTitle')}</p>
          <p className="max-w-md text-sm text-muted-foreground">{t('knowledgeBase.emptyText')}</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card data-testid="kb-empty">
      <CardHeader>
        <CardTitle>{t('knowledgeBase.startTitle')}</CardTitle>
        <CardDescription>{t('knowledgeBase.startDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-4">
          <li className="flex flex-wrap items-center gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
              <FolderPlus className="size-4" aria-hidden />
            </span>
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="font-medium">{t('knowledgeBase.startStep1')}</span>
              <span className="text-sm text-muted-foreground">{t('knowledgeBase.startStep1Text')}</span>
            </span>
            <Button
              className="w-full sm:w-auto"
              onClick={onCreateCategory}
              data-testid="kb-create-first-category"
            >
              {t('knowledgeBase.createFirstCategory')}
            </Button>
          </li>
          <li className="flex flex-wrap items-center gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <PenLine className="size-4" aria-hidden />
            </span>
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="font-medium">{t('knowledgeBase.startStep2')}</span>
              <span className="text-sm text-muted-foreground">{t('knowledgeBase.startStep2Text')}</span>
            </span>
          </li>
        </ol>
      </CardContent>
    </Card>
  );
}
