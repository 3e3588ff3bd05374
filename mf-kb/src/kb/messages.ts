import type { TArticleStatus } from '@helpdesk/contracts';
import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { kbCatalog } from '../locales/kb-catalog.ts';
import english from './messages.en.json';

const catalog = kbCatalog(english);

/** The knowledge base's shared texts (status and Popular badges, counts, the updated date) in the reader's language. */
export function useKbT() {
  return useTranslate(catalog);
}

/** An article status's label, by message id (the status itself stays the API's value). */
export const ARTICLE_STATUS_MESSAGES = {
  draft: 'kb.status.draft',
  published: 'kb.status.published',
  archived: 'kb.status.archived',
} as const satisfies Record<TArticleStatus, keyof typeof english>;
