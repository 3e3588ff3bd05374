import { type TTranslate, useTranslate } from '@helpdesk/shared-ui/i18n';
import { englishTranslate, ticketsCatalog } from '../locales/tickets-catalog.ts';
import english from './messages.en.json';

const catalog = ticketsCatalog(english);

/** A translate function of the ticket page's texts. */
export type TTicketDetailT = TTranslate<keyof typeof english>;

/** The ticket page's texts in the reader's language. */
export function useTicketDetailT(): TTicketDetailT {
  return useTranslate(catalog);
}

/** The ticket page's texts in English: the default of its text helpers outside React. */
export const ticketDetailEnglish: TTicketDetailT = englishTranslate(catalog);
