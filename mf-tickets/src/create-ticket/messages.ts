import { type TTranslate, useTranslate } from '@helpdesk/shared-ui/i18n';
import { englishTranslate, ticketsCatalog } from '../locales/tickets-catalog.ts';
import english from './messages.en.json';

const catalog = ticketsCatalog(english);

/** A translate function of the Create Ticket dialog's texts. */
export type TCreateTicketT = TTranslate<keyof typeof english>;

/** The Create Ticket dialog's texts in the reader's language. */
export function useCreateTicketT(): TCreateTicketT {
  return useTranslate(catalog);
}

/** The Create Ticket dialog's texts in English: the default of its text helpers outside React. */
export const createTicketEnglish: TCreateTicketT = englishTranslate(catalog);
