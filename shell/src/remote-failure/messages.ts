import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { shellCatalog } from '../locales/shell-catalog.ts';
import english from './messages.en.json';

// Their own catalogue: the failure alerts load only when a remote fails, and their English with them.
const catalog = shellCatalog(english);

/** The texts of a remote's failure alerts in the reader's language. */
export function useRemoteFailureT() {
  return useTranslate(catalog);
}
