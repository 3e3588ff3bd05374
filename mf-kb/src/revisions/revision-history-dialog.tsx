import type { TKbArticle, TKbRevisionDiff, TKbRevisionSummary } from '@helpdesk/contracts';
import { Badge, Button, formatDetailDate, fullName, Label, Spinner, toast } from '@helpdesk/shared-ui';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@helpdesk/shared-ui/alert-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@helpdesk/shared-ui/dialog';
import { useId, useState } from 'react';
import { ARTICLE_STATUS_MESSAGES, useKbT } from '../kb/messages.ts';
import { LineDiffView } from './line-diff-view.tsx';
import { REVISION_FIELD_MESSAGES, revisionChangeWords, useRevisionsT } from './messages.ts';
import { NativeSelect } from './native-select.tsx';
import { revisionChangeLabel } from './revision-labels.ts';
import { useRestoreRevision, useRevisionDiff, useRevisions } from './use-revisions.ts';

function FieldChanges({ diff }: { diff: TKbRevisionDiff }) {
  const t = useRevisionsT();
  const kbT = useKbT();
  const shown = (field: string, value: string | null) =>
    field === 'status' && value
      ? kbT(ARTICLE_STATUS_MESSAGES[value as keyof typeof ARTICLE_STATUS_MESSAGES])
      : (value ?? t('revisions.none'));
  if (diff.fields.length === 0 && diff.tags.added.length === 0 && diff.tags.removed.length === 0) return null;
  return (
    <dl className="grid gap-2 text-sm" data-testid="revision-field-changes">
      {diff.fields.map((change) => (
        <div key={change.field} className="grid gap-0.5">
          <dt className="font-medium">{t(REVISION_FIELD_MESSAGES[change.field])}</dt>
          <dd className="break-words">
            <span className="text-rose-800 line-through dark:text-rose-300">
              <span className="sr-only">{t('revisions.was')} </span>
              {shown(change.field, change.from)}
            </span>{' '}
            <span aria-hidden>→</span>{' '}
            <span className="text-emerald-800 dark:text-emerald-300">
              <span className="sr-only">{t('revisions.now')} </span>
              {shown(change.field, change.to)}
            </span>
          </dd>
        </div>
      ))}
      {(diff.tags.added.length > 0 || diff.tags.removed.length > 0) && (
        <div className="grid gap-0.5">
          <dt className="font-medium">{t(REVISION_FIELD_MESSAGES.tags)}</dt>
          <dd className="flex flex-wrap gap-1.5">
            {diff.tags.removed.map((tag) => (
              <Badge key={`-${tag}`} variant="outline" className="line-through">
                − {tag}
                <span className="sr-only"> {t('revisions.tagRemoved')}</span>
              </Badge>
            ))}
            {diff.tags.added.map((tag) => (
              <Badge key={`+${tag}`} variant="secondary">
                + {tag}
                <span className="sr-only"> {t('revisions.tagAdded')}</span>
              </Badge>
            ))}
          </dd>
        </div>
      )}
    </dl>
  );
}

function Compare({ articleId, revisions }: { articleId: string; revisions: TKbRevisionSummary[] }) {
  const t = useRevisionsT();
  const newest = revisions[0]?.number ?? 1;
  const [from, setFrom] = useState(revisions[1]?.number ?? newest);
  const [to, setTo] = useState(newest);
  const range = { from: Math.min(from, to), to: Math.max(from, to) };
  const diff = useRevisionDiff(articleId, range);
  const fromId = useId();
  const toId = useId();
  return (
    <section className="grid gap-3" aria-labelledby={`${fromId}-heading`}>
      <h3 id={`${fromId}-heading`} className="font-medium">
        {t('revisions.compare')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        {[
          {
            id: fromId,
            label: t('revisions.older'),
            value: from,
            set: setFrom,
            testId: 'revision-compare-from',
          },
          { id: toId, label: t('revisions.newer'), value: to, set: setTo, testId: 'revision-compare-to' },
        ].map((choice) => (
          <div key={choice.id} className="grid gap-1.5">
            <Label htmlFor={choice.id}>{choice.label}</Label>
            <NativeSelect
              id={choice.id}
              value={choice.value}
              onChange={(event) => choice.set(Number(event.target.value))}
              data-testid={choice.testId}
            >
              {revisions.map((revision) => (
                <option key={revision.number} value={revision.number}>
                  {t('revisions.option', {
                    number: revision.number,
                    editor: fullName(revision.editor),
                    date: formatDetailDate(revision.createdAt),
                  })}
                </option>
              ))}
            </NativeSelect>
          </div>
        ))}
      </div>
      <div aria-live="polite" className="grid gap-3" data-testid="revision-diff">
        {diff.isPending && <Spinner aria-label={t('revisions.loadingDiff')} />}
        {diff.isError && <p className="text-sm text-destructive">{t('revisions.diffFailed')}</p>}
        {diff.data && (
          <>
            <p className="text-sm text-muted-foreground">
              {t('revisions.fromTo', { from: diff.data.from.number, to: diff.data.to.number })}
            </p>
            <FieldChanges diff={diff.data} />
            <LineDiffView
              diff={diff.data.content}
              labels={{
                removed: t('revisions.onlyInRevision', { number: diff.data.from.number }),
                added: t('revisions.onlyInRevision', { number: diff.data.to.number }),
              }}
            />
          </>
        )}
      </div>
    </section>
  );
}

function RestoreConfirm({
  articleId,
  number,
  onClose,
}: {
  articleId: string;
  number: number | null;
  onClose: () => void;
}) {
  const t = useRevisionsT();
  const restore = useRestoreRevision(articleId);
  return (
    <AlertDialog open={number !== null} onOpenChange={(isOpen) => !isOpen && !restore.isPending && onClose()}>
      <AlertDialogContent data-testid="restore-revision-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{t('revisions.restoreTitle', { number: number ?? '' })}</AlertDialogTitle>
          <AlertDialogDescription>{t('revisions.restoreText')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={restore.isPending}>{t('revisions.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            disabled={restore.isPending}
            onClick={(event) => {
              event.preventDefault();
              if (number === null) return;
              restore.mutate(number, {
                onSuccess: () => {
                  toast({ title: t('revisions.restored', { number }) });
                  onClose();
                },
                onError: (error) =>
                  toast({
                    title: t('revisions.restoreFailed'),
                    description: error.message,
                    variant: 'destructive',
                  }),
              });
            }}
          >
            {restore.isPending && <Spinner aria-hidden />}
            {t('revisions.restore')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function RevisionList({
  revisions,
  onRestore,
}: {
  revisions: TKbRevisionSummary[];
  onRestore: (number: number) => void;
}) {
  const t = useRevisionsT();
  const words = revisionChangeWords(t);
  return (
    <ol
      className="grid divide-y rounded-md border"
      aria-label={t('revisions.listLabel')}
      data-testid="revision-list"
    >
      {revisions.map((revision, index) => (
        <li
          key={revision.number}
          className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
          data-testid="revision-item"
        >
          <div className="grid min-w-0 gap-0.5 text-sm">
            <p className="font-medium">
              {t('revisions.revision', { number: revision.number })}
              {index === 0 && (
                <Badge variant="secondary" className="ml-2">
                  {t('revisions.current')}
                </Badge>
              )}
            </p>
            <p className="text-muted-foreground">
              {fullName(revision.editor)} · {formatDetailDate(revision.createdAt)}
            </p>
            <p className="text-muted-foreground">{revisionChangeLabel(revision, words)}</p>
          </div>
          {index > 0 && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => onRestore(revision.number)}
              aria-label={t('revisions.restoreLabel', { number: revision.number })}
            >
              {t('revisions.restore')}
            </Button>
          )}
        </li>
      ))}
    </ol>
  );
}

/** The History dialog (staff): every revision, the diff between any two, and restoring one. */
export function RevisionHistoryDialog({
  article,
  isOpen,
  onOpenChange,
}: {
  article: TKbArticle;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const t = useRevisionsT();
  const revisions = useRevisions(article.id, isOpen);
  const [restoring, setRestoring] = useState<number | null>(null);
  const list = revisions.data?.revisions ?? [];
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl" data-testid="revision-history-dialog">
        <DialogHeader>
          <DialogTitle>{t('revisions.history')}</DialogTitle>
          <DialogDescription>{t('revisions.historyDescription')}</DialogDescription>
        </DialogHeader>
        {revisions.isPending && <Spinner aria-label={t('revisions.loadingHistory')} />}
        {revisions.isError && <p className="text-sm text-destructive">{t('revisions.historyFailed')}</p>}
        {list.length > 0 && (
          <div className="grid min-w-0 gap-6">
            {list.length > 1 && (
              // Remounts when a save or restore adds a revision, so the comparison starts at the newest again.
              <Compare key={list[0]?.number} articleId={article.id} revisions={list} />
            )}
            <section className="grid gap-2">
              <h3 className="font-medium">{t('revisions.revisionsHeading')}</h3>
              <RevisionList revisions={list} onRestore={setRestoring} />
            </section>
          </div>
        )}
        <RestoreConfirm articleId={article.id} number={restoring} onClose={() => setRestoring(null)} />
      </DialogContent>
    </Dialog>
  );
}
