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
  const diff = useMemo(() => buildLineDiff(current.content, mine.content), [current.content, mine.content]);
  async function copyMine() {
    try {
      await navigator.clipboard.writeText(mine.content);
      toast({ title: 'Your text was copied' });
    } catch {
      toast({
        title: 'Your text could not be copied',
        description: 'Select it in the editor and copy it.',
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
      <AlertTitle>Someone else saved this article</AlertTitle>
      <AlertDescription className="min-w-0 justify-items-stretch gap-3">
        <p data-testid="edit-conflict-who">
          {fullName(current.editor)} saved revision {current.number} on {formatDetailDate(current.createdAt)}{' '}
          while you were editing. Your changes were not saved.
        </p>
        {current.title !== mine.title && (
          <p className="break-words">
            Their title: <span className="font-medium">{current.title}</span>
          </p>
        )}
        <div className="max-h-64 min-w-0 overflow-y-auto text-foreground">
          <LineDiffView
            diff={diff}
            labels={{ removed: 'only in the saved version', added: 'only in yours' }}
            testId="edit-conflict-diff"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => void copyMine()}>
            Copy my text
          </Button>
          <Button
            type="button"
            size="sm"
            className="h-auto min-h-8 max-w-full shrink whitespace-normal text-left"
            onClick={onReload}
            disabled={isReloading}
          >
            Discard my edit and reload
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
