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
  // Ready before the feature's first render, as its chunk arrives: a screen whose language file is already
  // here would otherwise suspend for a moment, and React replays such a render with its hooks out of step
  // (React error 467, reported as 520) when the wait ends before the fallback shows.
  void catalog.load(getLocale());
  return catalog;
}
