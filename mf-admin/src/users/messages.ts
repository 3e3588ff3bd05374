import { type TTranslate, translate, useTranslate } from '@helpdesk/shared-ui/i18n';
import { adminCatalog } from '../locales/admin-catalog.ts';
import english from './messages.en.json';

const catalog = adminCatalog(english);

/** Translates a Users tab message id. */
export type TUsersT = TTranslate<keyof typeof english>;

/** The Users tab's texts (and the Users & Teams page around it) in the reader's language. */
export function useUsersT(): TUsersT {
  return useTranslate(catalog);
}

/** The Users tab's texts in English: the default of the label helpers, so they read as before on their own. */
export const usersEnglish: TUsersT = (id, values) => translate(catalog.peek('en')!, id, values);
