import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { shellCatalog } from '../../locales/shell-catalog.ts';
import english from './messages.en.json';

const catalog = shellCatalog(english);

/** An id of the single sign-on texts of the sign-in pages. */
export type TSsoMessageId = keyof typeof english;

/** The sign-in pages' single sign-on texts in the reader's language. */
export function useSsoT() {
  return useTranslate(catalog);
}
