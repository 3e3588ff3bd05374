import { createCatalog, getLocale, type TCatalog } from '@helpdesk/shared-ui/i18n';
import german from './de.json?url';
import spanish from './es.json?url';
import french from './fr.json?url';

/** mf-kb's other languages: one file each, from this remote, holding every mf-kb message. */
const KB_LANGUAGE_FILES = { es: spanish, fr: french, de: german };

/**
 * An mf-kb feature's catalogue (docs/architecture.md#languages): its English comes with the feature's
 * own code (`<feature>/messages.en.json`), so a first use carries only the English it shows (the editor's
 * and the dialogs' texts arrive with them); another language is one request of mf-kb's file for it,
 * shared by every feature.
 */
export function kbCatalog<TKey extends string>(featureEnglish: Record<TKey, string>): TCatalog<TKey> {
  const catalog = createCatalog(featureEnglish, KB_LANGUAGE_FILES);
  // Fetched as the feature's chunk arrives rather than at its first render, so a screen in another
  // language rarely has to wait for its texts.
  void catalog.load(getLocale());
  return catalog;
}
