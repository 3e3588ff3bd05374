import { createCatalog, useTranslate } from '@helpdesk/shared-ui/i18n';
import german from './de.json?url';
import english from './en.json';
import spanish from './es.json?url';
import french from './fr.json?url';

/**
 * mf-admin's own messages (docs/architecture.md#languages): English comes with its first use, another
 * language is one request of its own catalogue, from this remote, when it first becomes active.
 */
const adminCatalog = createCatalog(english, {
  es: spanish,
  fr: french,
  de: german,
});

/** mf-admin's translate function in the active language (the shell's choice). */
export function useAdminT() {
  return useTranslate(adminCatalog);
}
