import { createCatalog, type TCatalog, useTranslate } from '@helpdesk/shared-ui/i18n';
import german from './de.json?url';
import english from './en.json';
import spanish from './es.json?url';
import french from './fr.json?url';

/** The shell's other languages: one file each, holding every shell message, fetched once when chosen. */
const SHELL_LANGUAGE_FILES = { es: spanish, fr: french, de: german };

/**
 * A shell feature's catalogue (docs/architecture.md#languages): its English comes with the feature's own
 * code (`<feature>/messages.en.json`), so the start-up carries only the English it shows; another
 * language is one request of the shell's file for it, shared by every feature.
 */
export function shellCatalog<TKey extends string>(featureEnglish: Record<TKey, string>): TCatalog<TKey> {
  return createCatalog(featureEnglish, SHELL_LANGUAGE_FILES);
}

const authCatalog = shellCatalog(english);

/** An id of the shell's shared catalogue (`locales/en.json`: sign-in and registration). */
export type TShellMessageId = keyof typeof english;

/** The translate function of the shell's shared catalogue in the active language. */
export function useShellT() {
  return useTranslate(authCatalog);
}
