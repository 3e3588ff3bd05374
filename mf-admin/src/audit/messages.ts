import { type TTranslate, translate, useTranslate } from '@helpdesk/shared-ui/i18n';
import { adminCatalog } from '../locales/admin-catalog.ts';
import english from './messages.en.json';

const catalog = adminCatalog(english);

/** Translates an Audit Log tab message id. */
export type TAuditT = TTranslate<keyof typeof english>;

/** The Audit Log tab's texts (filters, action names, what each entry changed) in the reader's language. */
export function useAuditT(): TAuditT {
  return useTranslate(catalog);
}

/** The Audit Log's texts in English: the default of its text helpers, so they read as before on their own. */
export const auditEnglish: TAuditT = (id, values) => translate(catalog.peek('en')!, id, values);
