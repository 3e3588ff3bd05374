import { createCatalog, useTranslate } from '@helpdesk/shared-ui/i18n';
import english from './en.json';

/**
 * The shell's messages (docs/architecture.md#languages): English comes with the screens that use it,
 * another language is one request of its own catalogue when it first becomes active.
 */
const shellCatalog = createCatalog(english, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
});

/** The shell's translate function in the active language. */
export function useShellT() {
  return useTranslate(shellCatalog);
}
