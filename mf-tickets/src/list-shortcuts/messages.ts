import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { ticketsCatalog } from '../locales/tickets-catalog.ts';
import english from './messages.en.json';

const catalog = ticketsCatalog(english);

/** The keyboard shortcuts' help in the reader's language. */
export function useShortcutsT() {
  return useTranslate(catalog);
}
