import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { englishOf, shellCatalog } from '../locales/shell-catalog.ts';
import english from './messages.en.json';

const catalog = shellCatalog(english);

/** An id of the dashboard's texts. */
export type TDashboardMessageId = keyof typeof english;

/** The dashboard's texts in the reader's language. */
export function useDashboardT() {
  return useTranslate(catalog);
}

/** The dashboard's English, for the pure functions whose tests read it. */
export const dashboardEnglish = englishOf(catalog);
