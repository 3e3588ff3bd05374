import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { kbCatalog } from '../locales/kb-catalog.ts';
import english from './messages.en.json';

const catalog = kbCatalog(english);

/** The knowledge base page's texts (search, categories, lists, empty start) in the reader's language. */
export function useKnowledgeBaseT() {
  return useTranslate(catalog);
}
