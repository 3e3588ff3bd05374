import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { englishOf, shellCatalog } from '../locales/shell-catalog.ts';
import english from './messages.en.json';

// Their own catalogue: the alerts load only when a page is refused or an account is not active.
const catalog = shellCatalog(english);

/** An id of the refusal alerts' texts. */
export type TAccessMessageId = keyof typeof english;

/** The refusal alerts' texts in the reader's language. */
export function useAccessT() {
  return useTranslate(catalog);
}

/** Their English, for the functions whose tests read it. */
export const accessEnglish = englishOf(catalog);
