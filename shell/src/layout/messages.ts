import { useTranslate } from '@helpdesk/shared-ui/i18n';
import { englishOf, shellCatalog } from '../locales/shell-catalog.ts';
import english from './messages.en.json';

const catalog = shellCatalog(english);

/** An id of the layout's texts (navigation, page titles, header tools). */
export type TLayoutMessageId = keyof typeof english;

/** The signed-in layout's texts in the reader's language. */
export function useLayoutT() {
  return useTranslate(catalog);
}

/** The layout's English, for the pure functions whose tests read it. */
export const layoutEnglish = englishOf(catalog);
