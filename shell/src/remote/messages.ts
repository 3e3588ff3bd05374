import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { shellCatalog } from '../locales/shell-catalog.ts';
import english from './messages.en.json';

const catalog = shellCatalog(english);

/** The remote pages' loading and failure frames in the reader's language. */
export function useRemoteT() {
  return useTranslate(catalog);
}
