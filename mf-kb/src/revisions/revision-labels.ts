import type { TKbRevisionSummary, TRevisionField } from '@helpdesk/contracts';

export const REVISION_FIELD_LABELS: Record<TRevisionField, string> = {
  title: 'Title',
  content: 'Content',
  excerpt: 'Excerpt',
  category: 'Category',
  status: 'Status',
  tags: 'Tags',
};

/** The words revisionChangeLabel puts together; the History dialog passes them in the reader's language. */
export type TRevisionChangeWords = {
  created: string;
  noChanges: string;
  restored: (number: number) => string;
  changed: (fields: string) => string;
  /** A field's name inside the sentence ('title'). */
  field: (field: TRevisionField) => string;
};

const ENGLISH_CHANGE_WORDS: TRevisionChangeWords = {
  created: 'Created',
  noChanges: 'No changes',
  restored: (number) => `Restored revision ${number}`,
  changed: (fields) => `Changed ${fields}`,
  field: (field) => REVISION_FIELD_LABELS[field].toLowerCase(),
};

/** What a revision did, in words: 'Created', 'Restored revision 2', or 'Changed title, content'. */
export function revisionChangeLabel(
  revision: Pick<TKbRevisionSummary, 'number' | 'changedFields' | 'restoredFrom'>,
  words: TRevisionChangeWords = ENGLISH_CHANGE_WORDS,
): string {
  if (revision.restoredFrom !== null) return words.restored(revision.restoredFrom);
  if (revision.changedFields.length === 0) return revision.number === 1 ? words.created : words.noChanges;
  return words.changed(revision.changedFields.map(words.field).join(', '));
}

/** A diff line's kind from its unified-diff marker. */
export type TDiffLineKind = 'added' | 'removed' | 'same';

export function diffLineKind(line: string): TDiffLineKind {
  if (line.startsWith('+')) return 'added';
  if (line.startsWith('-')) return 'removed';
  return 'same';
}
