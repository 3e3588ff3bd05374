import { type TTranslate, useTranslate } from '@helpdesk/shared-ui/i18n';
import { adminCatalog } from '../locales/admin-catalog.ts';
import english from './messages.en.json';

const catalog = adminCatalog(english);

/** A translate function of the triggers tab's texts. */
export type TTriggersT = TTranslate<keyof typeof english>;

/** The Triggers tab's texts (list and editor) in the reader's language. */
export function useTriggersT(): TTriggersT {
  return useTranslate(catalog);
}
