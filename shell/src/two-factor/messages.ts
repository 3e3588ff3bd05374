import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { shellCatalog } from '../locales/shell-catalog.ts';
import english from './messages.en.json';

const catalog = shellCatalog(english);

/** The texts two-factor shows at sign-in and on the profile, in the reader's language. */
export function useTwoFactorT() {
  return useTranslate(catalog);
}
