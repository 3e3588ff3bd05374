import { type TTranslate, translate, useTranslate } from '@helpdesk/shared-ui/i18n';
import { adminCatalog } from '../locales/admin-catalog.ts';
import english from './messages.en.json';

const catalog = adminCatalog(english);

/** Translates a Reports message id. */
export type TReportsT = TTranslate<keyof typeof english>;

/** The Reports page's texts (types, ranges, tables, charts, toasts) in the reader's language. */
export function useReportsT(): TReportsT {
  return useTranslate(catalog);
}

/** The Reports page's texts in English: the default of its text helpers, so they read as before on their own. */
export const reportsEnglish: TReportsT = (id, values) => translate(catalog.peek('en')!, id, values);
