import { type TTranslate, translate, useTranslate } from '@helpdesk/shared-ui/i18n';
import { adminCatalog } from '../locales/admin-catalog.ts';
import english from './messages.en.json';

const catalog = adminCatalog(english);

/** A translate function of the settings' texts. */
export type TSettingsT = TTranslate<keyof typeof english>;

/** The settings' texts (the form, the test mail and email delivery cards) in the reader's language. */
export function useSettingsT(): TSettingsT {
  return useTranslate(catalog);
}

/** The same texts in English: the default of the helpers that build a text outside React. */
export const settingsEnglish: TSettingsT = (id, values) => translate(catalog.peek('en')!, id, values);
