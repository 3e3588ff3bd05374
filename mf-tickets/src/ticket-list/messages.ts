import { type TTranslate, useTranslate } from '@helpdesk/shared-ui/i18n';
import { englishTranslate, ticketsCatalog } from '../locales/tickets-catalog.ts';
import english from './messages.en.json';

const catalog = ticketsCatalog(english);

/** A translate function of the ticket list's texts. */
export type TTicketListT = TTranslate<keyof typeof english>;

/** The ticket list's texts in the reader's language. */
export function useTicketListT(): TTicketListT {
  return useTranslate(catalog);
}

/** The ticket list's texts in English: the default of its text helpers outside React. */
export const ticketListEnglish: TTicketListT = englishTranslate(catalog);
