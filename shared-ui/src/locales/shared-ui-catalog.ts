import { createCatalog, type TCatalog } from '../i18n/catalog.ts';
import german from './de.json?url';
import spanish from './es.json?url';
import french from './fr.json?url';

/** shared-ui's other languages: one file each, holding every shared-ui message (texts and server messages). */
const SHARED_UI_LANGUAGE_FILES = { es: spanish, fr: french, de: german };

/**
 * A shared-ui feature's catalogue (docs/architecture.md#languages), like each app's: its English comes
 * with the feature, another language is one request of shared-ui's file for it, emitted by whichever app
 * bundles shared-ui.
 */
export function sharedUiCatalog<TKey extends string>(featureEnglish: Record<TKey, string>): TCatalog<TKey> {
  return createCatalog(featureEnglish, SHARED_UI_LANGUAGE_FILES);
}
