import { type TTranslate, useTranslate } from '@helpdesk/shared-ui/i18n';
import { englishTranslate, ticketsCatalog } from '../locales/tickets-catalog.ts';
import english from './messages.en.json';

const catalog = ticketsCatalog(english);

/** A translate function of the SLA texts the list and a ticket's page share. */
export type TSlaT = TTranslate<keyof typeof english>;

/** The shared SLA texts in the reader's language. */
export function useSlaT(): TSlaT {
  return useTranslate(catalog);
}

/** The shared SLA texts in English: the default of the SLA text helpers. */
export const slaEnglish: TSlaT = englishTranslate(catalog);
