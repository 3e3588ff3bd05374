import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { shellCatalog } from '../../locales/shell-catalog.ts';
import english from './messages.en.json';

const catalog = shellCatalog(english);

/** The profile's two-factor card texts in the reader's language (the shared ones: two-factor/messages.ts). */
export function useProfileTwoFactorT() {
  return useTranslate(catalog);
}
