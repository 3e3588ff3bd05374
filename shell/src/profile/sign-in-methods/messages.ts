import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { shellCatalog } from '../../locales/shell-catalog.ts';
import english from './messages.en.json';

const catalog = shellCatalog(english);

/** The profile's sign-in methods texts in the reader's language. */
export function useSignInMethodsT() {
  return useTranslate(catalog);
}
