import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { sharedUiCatalog } from '../locales/shared-ui-catalog.ts';
import english from './messages.en.json';

const catalog = sharedUiCatalog(english);

/** The standalone harness's texts in the active language. */
export function useStandaloneT() {
  return useTranslate(catalog);
}
