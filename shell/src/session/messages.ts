import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { englishOf, shellCatalog } from '../locales/shell-catalog.ts';
import english from './messages.en.json';

const catalog = shellCatalog(english);

/** An id of the session guard's texts. */
export type TSessionMessageId = keyof typeof english;

/** The session guard's texts in the reader's language. */
export function useSessionT() {
  return useTranslate(catalog);
}

/** The guard's English, for the functions whose tests read it. */
export const sessionEnglish = englishOf(catalog);
