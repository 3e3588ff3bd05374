import type { TKbArticle } from '@helpdesk/contracts';
import { Button } from '@helpdesk/shared-ui';
import { History } from 'lucide-react';
import { useState } from 'react';
import { useRevisionsT } from './messages.ts';
import { RevisionHistoryDialog } from './revision-history-dialog.tsx';

/** The article page's History button (staff) and the dialog it opens; the dialog reads only while open. */
export function HistoryButton({ article }: { article: TKbArticle }) {
  const t = useRevisionsT();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setIsOpen(true)} data-testid="article-history-button">
        <History className="size-4" aria-hidden />
        {t('revisions.history')}
      </Button>
      <RevisionHistoryDialog article={article} isOpen={isOpen} onOpenChange={setIsOpen} />
    </>
  );
}
