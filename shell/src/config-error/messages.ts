import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { shellCatalog } from '../locales/shell-catalog.ts';
import english from './messages.en.json';

// Its own catalogue: the screen is fetched only when the runtime configuration is unusable.
const catalog = shellCatalog(english);

/** The start-up failure screen's texts in the reader's language. */
export function useConfigErrorT() {
  return useTranslate(catalog);
}
