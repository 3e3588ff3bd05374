import { type TTranslate, translate, useTranslate } from '@helpdesk/shared-ui/i18n';
import { adminCatalog } from '../../locales/admin-catalog.ts';
import english from './messages.en.json';

const catalog = adminCatalog(english);

/** Translates a message id of the Add User and Edit user forms. */
export type TUserFormsT = TTranslate<keyof typeof english>;

/**
 * The Add User and Edit user forms' texts in the reader's language. A catalogue of its own, imported
 * only by the lazily loaded forms, so their English stays out of the Users tab's first load.
 */
export function useUserFormsT(): TUserFormsT {
  return useTranslate(catalog);
}

/** The forms' texts in English: the default of the form helpers, so they read as before on their own. */
export const userFormsEnglish: TUserFormsT = (id, values) => translate(catalog.peek('en')!, id, values);
