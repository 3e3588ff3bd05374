import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { englishOf, shellCatalog } from '../../locales/shell-catalog.ts';
import english from './messages.en.json';

const catalog = shellCatalog(english);

/** An id of the API tokens section's texts. */
export type TApiTokensMessageId = keyof typeof english;

/** The profile's API tokens section's texts in the reader's language. */
export function useApiTokensT() {
  return useTranslate(catalog);
}

/** Their English, for the functions whose tests read it. */
export const apiTokensEnglish = englishOf(catalog);
