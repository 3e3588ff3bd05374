import { createCatalog, type TCatalog, useTranslate } from '@helpdesk/shared-ui/i18n';
import german from './de.json?url';
import english from './en.json';
import spanish from './es.json?url';
import french from './fr.json?url';

/** mf-admin's other languages: one file each, from this remote, holding every mf-admin message. */
const ADMIN_LANGUAGE_FILES = { es: spanish, fr: french, de: german };

/**
 * An mf-admin feature's catalogue (docs/architecture.md#languages): its English comes with the feature's
 * own code (`<feature>/messages.en.json`), so a first use carries only the English it shows; another
 * language is one request of mf-admin's file for it, shared by every feature.
 */
export function adminCatalog<TKey extends string>(featureEnglish: Record<TKey, string>): TCatalog<TKey> {
  return createCatalog(featureEnglish, ADMIN_LANGUAGE_FILES);
}

const sharedCatalog = adminCatalog(english);

/** mf-admin's shared translate function (`locales/en.json`) in the active language (the shell's choice). */
export function useAdminT() {
  return useTranslate(sharedCatalog);
}
