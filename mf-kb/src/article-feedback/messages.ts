import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { kbCatalog } from '../locales/kb-catalog.ts';
import english from './messages.en.json';

const catalog = kbCatalog(english);

/** "Was this helpful?" and the staff's reader feedback, in the reader's language. */
export function useFeedbackT() {
  return useTranslate(catalog);
}
