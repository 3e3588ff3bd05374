import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { adminCatalog } from '../locales/admin-catalog.ts';
import english from './messages.en.json';

const catalog = adminCatalog(english);

/** The Automation › API tokens tab's texts in the reader's language. */
export function useAllTokensT() {
  return useTranslate(catalog);
}
