import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { ticketsCatalog } from '../locales/tickets-catalog.ts';
import english from './messages.en.json';

const catalog = ticketsCatalog(english);

/** The canned replies' texts (composer, list and management) in the reader's language. */
export function useCannedRepliesT() {
  return useTranslate(catalog);
}
