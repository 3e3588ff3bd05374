import { type TTranslate, translate, useTranslate } from '@helpdesk/shared-ui/i18n';
import { adminCatalog } from '../locales/admin-catalog.ts';
import english from './messages.en.json';

const catalog = adminCatalog(english);

/** A translate function of the mailboxes' texts. */
export type TMailboxesT = TTranslate<keyof typeof english>;

/** The mailboxes' texts (list, failed messages, the mailbox form) in the reader's language. */
export function useMailboxesT(): TMailboxesT {
  return useTranslate(catalog);
}

/** The same texts in English: the default of the helpers that build a text outside React. */
export const mailboxesEnglish: TMailboxesT = (id, values) => translate(catalog.peek('en')!, id, values);
