import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { shellCatalog } from '../../locales/shell-catalog.ts';
import english from './messages.en.json';

// Its own catalogue: the checklist loads with its own chunk, admins only, so its English does too.
const catalog = shellCatalog(english);

/** The first-day checklist's texts in the reader's language. */
export function useOnboardingT() {
  return useTranslate(catalog);
}
