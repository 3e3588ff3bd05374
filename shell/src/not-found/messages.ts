import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { shellCatalog } from '../locales/shell-catalog.ts';
import english from './messages.en.json';

const catalog = shellCatalog(english);

/** The not-found page's texts in the reader's language. */
export function useNotFoundT() {
  return useTranslate(catalog);
}
