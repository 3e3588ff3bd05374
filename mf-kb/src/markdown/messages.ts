import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { kbCatalog } from '../locales/kb-catalog.ts';
import english from './messages.en.json';

const catalog = kbCatalog(english);

/** The article renderer's own texts (footnotes' heading and back links) in the reader's language. */
export function useMarkdownT() {
  return useTranslate(catalog);
}
