import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { shellCatalog } from '../locales/shell-catalog.ts';
import english from './messages.en.json';

/** The language and time zone choice's catalogue (the toast reads it in the newly chosen language). */
export const preferencesCatalog = shellCatalog(english);

/** The language and time zone choice's texts in the reader's language. */
export function usePreferencesT() {
  return useTranslate(preferencesCatalog);
}
