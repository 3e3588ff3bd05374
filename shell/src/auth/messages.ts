import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { shellCatalog } from '../locales/shell-catalog.ts';
import english from './messages.en.json';

const catalog = shellCatalog(english);

/** An id of the public pages' texts (sign-in, registration, password and email links). */
export type TAuthMessageId = keyof typeof english;

/** The public pages' texts in the reader's language. */
export function useAuthT() {
  return useTranslate(catalog);
}
