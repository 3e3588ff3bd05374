import { type TTranslate, translate, useTranslate } from '@helpdesk/shared-ui/i18n';
import { adminCatalog } from '../locales/admin-catalog.ts';
import english from './messages.en.json';

const catalog = adminCatalog(english);

/** A translate function of the single sign-on texts. */
export type TSsoT = TTranslate<keyof typeof english>;

/** The single sign-on tab's texts (provider list and form) in the reader's language. */
export function useSsoT(): TSsoT {
  return useTranslate(catalog);
}

/** The same texts in English: the form's own check messages, translated where shown (ownMessageText). */
export const ssoEnglish: TSsoT = (id, values) => translate(catalog.peek('en')!, id, values);
