import type { TLineDiff } from '@helpdesk/contracts';
import { cn } from '@helpdesk/shared-ui';
import { useRevisionsT } from './messages.ts';
import { diffLineKind, type TDiffLineKind } from './revision-labels.ts';

const LINE_STYLES: Record<TDiffLineKind, string> = {
  added: 'bg-emerald-50 text-emerald-950 dark:bg-emerald-950/40 dark:text-emerald-100',
  removed: 'bg-rose-50 text-rose-950 dark:bg-rose-950/40 dark:text-rose-100',
  same: 'text-muted-foreground',
};

/** Read out before a line, since colour alone says nothing to a screen reader or a colour-blind reader. */
const SPOKEN = {
  added: 'revisions.lineAdded',
  removed: 'revisions.lineRemoved',
  same: 'revisions.lineSame',
} as const satisfies Record<TDiffLineKind, string>;
const MARKER: Record<TDiffLineKind, string> = { added: '+', removed: '−', same: ' ' };
/** An empty line keeps its height. */
const EMPTY_LINE = '\u00a0';

type TProps = {
  diff: TLineDiff;
  /** What '−' and '+' stand for here ('Revision 1' / 'Revision 3', 'Saved version' / 'Your version'). */
  labels: { removed: string; added: string };
  testId?: string;
};

/** A line diff of article bodies: hunks of lines, added and removed ones coloured and marked + / −. */
export function LineDiffView({ diff, labels, testId = 'line-diff' }: TProps) {
  const t = useRevisionsT();
  if (diff.tooLarge) {
    return (
      <p className="text-sm text-muted-foreground" data-testid={testId}>
        {t('revisions.diffTooLarge')}
      </p>
    );
  }
  if (diff.hunks.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid={testId}>
        {t('revisions.diffSame')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2" data-testid={testId}>
      <p className="text-xs text-muted-foreground">
        <span className="font-mono">−</span> {labels.removed} · <span className="font-mono">+</span>{' '}
        {labels.added}
      </p>
      {diff.hunks.map((hunk) => (
        <section
          key={`${hunk.oldStart}-${hunk.newStart}`}
          aria-label={t('revisions.hunk', {
            from: hunk.newStart,
            to: hunk.newStart + Math.max(hunk.newLines - 1, 0),
          })}
          className="overflow-x-auto rounded-md border"
        >
          <p className="border-b bg-muted px-2 py-1 font-mono text-xs text-muted-foreground" aria-hidden>
            @@ −{hunk.oldStart},{hunk.oldLines} +{hunk.newStart},{hunk.newLines} @@
          </p>
          <ul className="font-mono text-xs leading-5">
            {hunk.lines.map((line, index) => {
              const kind = diffLineKind(line);
              return (
                <li
                  // Lines repeat; their place in the hunk is what tells them apart.
                  // biome-ignore lint/suspicious/noArrayIndexKey: a hunk's lines never reorder
                  key={index}
                  className={cn('flex gap-2 px-2 whitespace-pre-wrap break-words', LINE_STYLES[kind])}
                  data-kind={kind}
                >
                  <span aria-hidden className="w-3 shrink-0 select-none font-bold">
                    {MARKER[kind]}
                  </span>
                  <span className="sr-only">{t(SPOKEN[kind])} </span>
                  <span className="min-w-0">{line.slice(1) || EMPTY_LINE}</span>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {diff.truncated && <p className="text-xs text-muted-foreground">{t('revisions.diffTruncated')}</p>}
    </div>
  );
}
