import { type TTranslate, translate, useTranslate } from '@helpdesk/shared-ui/i18n';
import { adminCatalog } from '../locales/admin-catalog.ts';
import english from './messages.en.json';

const catalog = adminCatalog(english);

/** Translates a Teams tab message id. */
export type TTeamsT = TTranslate<keyof typeof english>;

/** The Teams tab's texts (cards, team and member dialogs, toasts) in the reader's language. */
export function useTeamsT(): TTeamsT {
  return useTranslate(catalog);
}

/** The Teams tab's texts in English: the default of its label helpers, so they read as before on their own. */
export const teamsEnglish: TTeamsT = (id, values) => translate(catalog.peek('en')!, id, values);
