import { buildLineDiff, type TKbEditConflict } from '@helpdesk/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  formatDetailDate,
  fullName,
  toast,
} from '@helpdesk/shared-ui';
import { TriangleAlert } from 'lucide-react';
import { useMemo } from 'react';
import { LineDiffView } from './line-diff-view.tsx';
import { useRevisionsT } from './messages.ts';

type TProps = {
  current: TKbEditConflict['details']['current'];
  mine: { title: string; content: string };
  /** Drops the edit and starts again from the saved version. */
  onReload: () => void;
  isReloading: boolean;
};

/**
 * Shown in the editor when someone else saved first: who and when, how their saved version differs
 * from this editor's text, and the two ways on (reload, losing the edit; or copy the text first).
 * Nothing is overwritten.
 */
export function EditConflictNotice({ current, mine, onReload, isReloading }: TProps) {
  const t = useRevisionsT();
  const diff = useMemo(() => buildLineDiff(current.content, mine.content), [current.content, mine.content]);
  async function copyMine() {
    try {
      await navigator.clipboard.writeText(mine.content);
      toast({ title: t('revisions.copied') });
    } catch {
      toast({
        title: t('revisions.copyFailed'),
        description: t('revisions.copyFailedText'),
        variant: 'destructive',
      });
    }
  }
  return (
    <Alert
      variant="destructive"
      role="alert"
      className="min-w-0 has-[>svg]:grid-cols-[calc(var(--spacing)*4)_minmax(0,1fr)]"
      data-testid="edit-conflict"
    >
      <TriangleAlert aria-hidden />
      <AlertTitle>{t('revisions.conflictTitle')}</AlertTitle>
      <AlertDescription className="min-w-0 justify-items-stretch gap-3">
        <p data-testid="edit-conflict-who">
          {t('revisions.conflictWho', {
            editor: fullName(current.editor),
            number: current.number,
            date: formatDetailDate(current.createdAt),
          })}
        </p>
        {current.title !== mine.title && (
          <p className="break-words">
            {t('revisions.theirTitle')} <span className="font-medium">{current.title}</span>
          </p>
        )}
        <div className="max-h-64 min-w-0 overflow-y-auto text-foreground">
          <LineDiffView
            diff={diff}
            labels={{ removed: t('revisions.onlySaved'), added: t('revisions.onlyYours') }}
            testId="edit-conflict-diff"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => void copyMine()}>
            {t('revisions.copyMine')}
          </Button>
          <Button
            type="button"
            size="sm"
            className="h-auto min-h-8 max-w-full shrink whitespace-normal text-left"
            onClick={onReload}
            disabled={isReloading}
          >
            {t('revisions.discard')}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
