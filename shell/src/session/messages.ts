import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { shellCatalog } from '../locales/shell-catalog.ts';
import english from './messages.en.json';

const catalog = shellCatalog(english);

/** The session guard's loading text in the reader's language. */
export function useSessionT() {
  return useTranslate(catalog);
}
