import { type TTranslate, useTranslate } from '@helpdesk/shared-ui/i18n';
import { englishTranslate, ticketsCatalog } from '../locales/tickets-catalog.ts';
import english from './messages.en.json';

const catalog = ticketsCatalog(english);

/** A translate function of the ticket changes' toasts. */
export type TTicketFeedbackT = TTranslate<keyof typeof english>;

/** The ticket changes' toasts in the reader's language. */
export function useTicketFeedbackT(): TTicketFeedbackT {
  return useTranslate(catalog);
}

/** The ticket changes' toasts in English: the default of its text helpers outside React. */
export const ticketFeedbackEnglish: TTicketFeedbackT = englishTranslate(catalog);
