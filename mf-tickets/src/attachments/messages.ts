import { type TTranslate, useTranslate } from '@helpdesk/shared-ui/i18n';
import { englishTranslate, ticketsCatalog } from '../locales/tickets-catalog.ts';
import english from './messages.en.json';

const catalog = ticketsCatalog(english);

/** A translate function of the attachment checks' texts. */
export type TAttachmentsT = TTranslate<keyof typeof english>;

/** The attachment checks' texts in the reader's language. */
export function useAttachmentsT(): TAttachmentsT {
  return useTranslate(catalog);
}

/** The attachment checks' texts in English: the default of its text helpers outside React. */
export const attachmentsEnglish: TAttachmentsT = englishTranslate(catalog);
