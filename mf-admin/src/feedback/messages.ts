import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { adminCatalog } from '../locales/admin-catalog.ts';
import english from './messages.en.json';

const catalog = adminCatalog(english);

/** The texts every admin screen shows about a failure (Retry, "Please try again.") in the reader's language. */
export function useFeedbackT() {
  return useTranslate(catalog);
}
