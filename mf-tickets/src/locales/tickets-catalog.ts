import {
  createCatalog,
  SOURCE_LOCALE,
  type TCatalog,
  type TTranslate,
  translate,
} from '@helpdesk/shared-ui/i18n';
import german from './de.json?url';
import spanish from './es.json?url';
import french from './fr.json?url';

/** mf-tickets' other languages: one file each, from this remote, holding every mf-tickets message. */
const TICKETS_LANGUAGE_FILES = { es: spanish, fr: french, de: german };

/**
 * An mf-tickets feature's catalogue (docs/architecture.md#languages): its English comes with the feature's
 * own code (`<feature>/messages.en.json`), so a first use carries only the English it shows; another
 * language is one request of mf-tickets' file for it, shared by every feature.
 */
export function ticketsCatalog<TKey extends string>(featureEnglish: Record<TKey, string>): TCatalog<TKey> {
  return createCatalog(featureEnglish, TICKETS_LANGUAGE_FILES);
}

/**
 * A catalogue's English as a plain function, for the text helpers outside React: their translate
 * parameter defaults to it, so their English output (and its tests) stays the same.
 */
export function englishTranslate<TKey extends string>(catalog: TCatalog<TKey>): TTranslate<TKey> {
  const english = catalog.peek(SOURCE_LOCALE)!;
  return (id, values) => translate(english, id, values);
}
