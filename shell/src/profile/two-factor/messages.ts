import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { shellCatalog } from '../../locales/shell-catalog.ts';
import english from './messages.en.json';

const catalog = shellCatalog(english);

/** The two-factor screens' texts (profile and sign-in) in the reader's language. */
export function useTwoFactorT() {
  return useTranslate(catalog);
}
