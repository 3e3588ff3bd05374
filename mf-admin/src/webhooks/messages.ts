import { type TTranslate, useTranslate } from '@helpdesk/shared-ui/i18n';
import { adminCatalog } from '../locales/admin-catalog.ts';
import english from './messages.en.json';

const catalog = adminCatalog(english);

/** A translate function of the webhooks texts. */
export type TWebhooksT = TTranslate<keyof typeof english>;

/** The Webhooks tab's texts in the reader's language. */
export function useWebhooksT(): TWebhooksT {
  return useTranslate(catalog);
}
