import type { TRevisionField } from '@helpdesk/contracts';
import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { kbCatalog } from '../locales/kb-catalog.ts';
import english from './messages.en.json';
import type { TRevisionChangeWords } from './revision-labels.ts';

const catalog = kbCatalog(english);

/** The History dialog's and the edit conflict's texts in the reader's language. */
export function useRevisionsT() {
  return useTranslate(catalog);
}

type TRevisionsT = ReturnType<typeof useRevisionsT>;

/** A changed field's name as a heading (Title), by message id. */
export const REVISION_FIELD_MESSAGES = {
  title: 'revisions.field.title',
  content: 'revisions.field.content',
  excerpt: 'revisions.field.excerpt',
  category: 'revisions.field.category',
  status: 'revisions.field.status',
  tags: 'revisions.field.tags',
} as const satisfies Record<TRevisionField, keyof typeof english>;

/** A changed field's name inside a sentence (Changed title, content), by message id. */
const CHANGED_FIELD_MESSAGES = {
  title: 'revisions.changedField.title',
  content: 'revisions.changedField.content',
  excerpt: 'revisions.changedField.excerpt',
  category: 'revisions.changedField.category',
  status: 'revisions.changedField.status',
  tags: 'revisions.changedField.tags',
} as const satisfies Record<TRevisionField, keyof typeof english>;

/** revisionChangeLabel's words in the reader's language. */
export function revisionChangeWords(t: TRevisionsT): TRevisionChangeWords {
  return {
    created: t('revisions.created'),
    noChanges: t('revisions.noChanges'),
    restored: (number) => t('revisions.restoredFrom', { number }),
    changed: (fields) => t('revisions.changed', { fields }),
    field: (field) => t(CHANGED_FIELD_MESSAGES[field]),
  };
}
