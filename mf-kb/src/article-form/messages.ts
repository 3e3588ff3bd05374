import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { kbCatalog } from '../locales/kb-catalog.ts';
import english from './messages.en.json';

const catalog = kbCatalog(english);

/** The article dialogs' and the Markdown editor's texts in the reader's language; they load with the dialogs. */
export function useArticleFormT() {
  return useTranslate(catalog);
}
