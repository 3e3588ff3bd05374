import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { kbCatalog } from '../locales/kb-catalog.ts';
import english from './messages.en.json';

const catalog = kbCatalog(english);

/** The article page's texts (not found, back link, Edit and Delete) in the reader's language. */
export function useArticleT() {
  return useTranslate(catalog);
}
