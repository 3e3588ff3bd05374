import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { englishOf, shellCatalog } from '../../locales/shell-catalog.ts';
import english from './messages.en.json';

const catalog = shellCatalog(english);

/** An id of the sessions section's texts. */
export type TSessionsMessageId = keyof typeof english;

/** The profile's sessions section's texts in the reader's language. */
export function useSessionsT() {
  return useTranslate(catalog);
}

/** Their English, for the functions whose tests read it. */
export const sessionsEnglish = englishOf(catalog);
