import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { shellCatalog } from '../../locales/shell-catalog.ts';
import english from './messages.en.json';

// Their own catalogue: the bell's panel, the New Ticket error dialog and the phone drawer each load with
// their own chunk, on first use, and their English with them rather than with the start-up.
const catalog = shellCatalog(english);

/** The texts of the layout's on-demand parts (bell panel, dialogs, drawer) in the reader's language. */
export function useLayoutPopupsT() {
  return useTranslate(catalog);
}
