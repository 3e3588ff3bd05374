import { createCatalog, useTranslate } from '@helpdesk/shared-ui/i18n';
import german from './de.json?url';
import english from './en.json';
import spanish from './es.json?url';
import french from './fr.json?url';

/**
 * The shell's messages (docs/architecture.md#languages): English comes with the screens that use it,
 * another language is one request of its own catalogue when it first becomes active.
 */
const shellCatalog = createCatalog(english, {
  es: spanish,
  fr: french,
  de: german,
});

/** An id of the shell's catalogue. */
export type TShellMessageId = keyof typeof english;

/** The shell's translate function in the active language. */
export function useShellT() {
  return useTranslate(shellCatalog);
}
