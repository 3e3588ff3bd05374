import type { TKbRevisionSummary, TRevisionField } from '@helpdesk/contracts';

export const REVISION_FIELD_LABELS: Record<TRevisionField, string> = {
  title: 'Title',
  content: 'Content',
  excerpt: 'Excerpt',
  category: 'Category',
  status: 'Status',
  tags: 'Tags',
};

/** What a revision did, in words: 'Created', 'Restored revision 2', or 'Changed title, content'. */
export function revisionChangeLabel(
  revision: Pick<TKbRevisionSummary, 'number' | 'changedFields' | 'restoredFrom'>,
): string {
  if (revision.restoredFrom !== null) return `Restored revision ${revision.restoredFrom}`;
  if (revision.changedFields.length === 0) return revision.number === 1 ? 'Created' : 'No changes';
  const fields = revision.changedFields.map((field) => REVISION_FIELD_LABELS[field].toLowerCase());
  return `Changed ${fields.join(', ')}`;
}

/** A diff line's kind from its unified-diff marker. */
export type TDiffLineKind = 'added' | 'removed' | 'same';

export function diffLineKind(line: string): TDiffLineKind {
  if (line.startsWith('+')) return 'added';
  if (line.startsWith('-')) return 'removed';
  return 'same';
}
