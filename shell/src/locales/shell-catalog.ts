import {
  createCatalog,
  SOURCE_LOCALE,
  type TCatalog,
  type TLocale,
  type TTranslate,
  translate,
} from '@helpdesk/shared-ui/i18n';
import german from './de.json?url';
import spanish from './es.json?url';
import french from './fr.json?url';

/** The shell's other languages: one file each, holding every shell message, fetched once when chosen. */
const SHELL_LANGUAGE_FILES = { es: spanish, fr: french, de: german };

// Every feature catalogue made so far: the start-up's are all made before the first render.
const catalogs = new Set<TCatalog<string>>();

/**
 * A shell feature's catalogue (docs/architecture.md#languages): its English comes with the feature's own
 * code (`<feature>/messages.en.json`), so the start-up carries only the English it shows; another
 * language is one request of the shell's file for it, shared by every feature.
 */
export function shellCatalog<TKey extends string>(featureEnglish: Record<TKey, string>): TCatalog<TKey> {
  const catalog = createCatalog(featureEnglish, SHELL_LANGUAGE_FILES);
  catalogs.add(catalog);
  return catalog;
}

/**
 * Every catalogue made so far in `locale`: the start-up waits for it before React's first render, so
 * a page the server painted in that language is never replaced by a spinner or by English.
 */
export async function loadShellLanguage(locale: TLocale): Promise<void> {
  await Promise.all([...catalogs].map((catalog) => catalog.load(locale)));
}

/**
 * A catalogue's English outside React: the default of the pure functions that build labels (their
 * tests read English), which the screens call with their own translate function.
 */
export function englishOf<TKey extends string>(catalog: TCatalog<TKey>): TTranslate<TKey> {
  const i18n = catalog.peek(SOURCE_LOCALE);
  if (!i18n) throw new Error('a catalogue always holds its English');
  return (id, values) => translate(i18n, id, values);
}

/**
 * Stands in for a part a sentence draws apart (an address in bold, a name in code) while the sentence is
 * translated, since the part's place differs by language: a private-use character no message holds.
 */
export const PART_MARK = '\uE001';

/** A sentence translated with PART_MARK for its part: the words before the part and after it. */
export function aroundPart(sentence: string): [before: string, after: string] {
  const at = sentence.indexOf(PART_MARK);
  return at < 0 ? [sentence, ''] : [sentence.slice(0, at), sentence.slice(at + PART_MARK.length)];
}
