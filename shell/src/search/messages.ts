import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { shellCatalog } from '../locales/shell-catalog.ts';
import english from './messages.en.json';
import type { TSearchGroupKind } from './search-model.ts';

const catalog = shellCatalog(english);

/** The header search's and the results page's texts in the reader's language. */
export function useSearchT() {
  return useTranslate(catalog);
}

/** Each group's heading (search-model.ts keeps the English for its tests). */
export const SEARCH_GROUP_HEADING_IDS = {
  ticket: 'search.groupTickets',
  user: 'search.groupPeople',
  article: 'search.groupArticles',
} as const satisfies Record<TSearchGroupKind, keyof typeof english>;
