import { type TTranslate, translate, useTranslate } from '@helpdesk/shared-ui/i18n';
import { adminCatalog } from '../locales/admin-catalog.ts';
import english from './messages.en.json';

const catalog = adminCatalog(english);

/** A translate function of the service levels' texts (policies, calendars, their dialogs). */
export type TServiceLevelsT = TTranslate<keyof typeof english>;

/** The service levels' texts in the reader's language. */
export function useServiceLevelsT(): TServiceLevelsT {
  return useTranslate(catalog);
}

/** The same texts in English: the default of the helpers that build a text outside React. */
export const serviceLevelsEnglish: TServiceLevelsT = (id, values) =>
  translate(catalog.peek('en')!, id, values);
