import { createCatalog, useTranslate } from '@helpdesk/shared-ui/i18n';
import english from './en.json';

/**
 * mf-admin's own messages (docs/architecture.md#languages): English comes with its first use, another
 * language is one request of its own catalogue, from this remote, when it first becomes active.
 */
const adminCatalog = createCatalog(english, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
});

/** mf-admin's translate function in the active language (the shell's choice). */
export function useAdminT() {
  return useTranslate(adminCatalog);
}
