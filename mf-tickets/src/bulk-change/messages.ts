import { type TTranslate, useTranslate } from '@helpdesk/shared-ui/i18n';
import { englishTranslate, ticketsCatalog } from '../locales/tickets-catalog.ts';
import english from './messages.en.json';

const catalog = ticketsCatalog(english);

/** A translate function of the bulk changes' texts. */
export type TBulkT = TTranslate<keyof typeof english>;

/** The bulk changes' texts in the reader's language. */
export function useBulkT(): TBulkT {
  return useTranslate(catalog);
}

/** The bulk changes' texts in English: the default of bulkOutcome, outside React. */
export const bulkEnglish: TBulkT = englishTranslate(catalog);
