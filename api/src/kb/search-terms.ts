/** What a knowledge base search runs: two tsquery texts for full text, and the words for trigram similarity. */
export type SearchTerms = {
  /** Some word matches: `w1:* | w2:* | ...` */
  anyWords: string;
  /** Every word matches: `w1:* & w2:* & ...` */
  allWords: string;
  /** The words, space-separated, for the trigram fallback. */
  text: string;
};

/** More words than this add nothing to a help article search but cost index lookups. */
export const MAX_SEARCH_WORDS = 12;
/** Shorter words are matched whole: 'a:*' or 'it:*' would match most of the knowledge base. */
export const MIN_PREFIX_LENGTH = 3;

/**
 * The distinct words of a search, as only letters and digits ever reach a tsquery: NFKC-normalised,
 * lower case, at most MAX_SEARCH_WORDS. `%`, `_`, quotes, `:*`, `&|!()` and backslashes are dropped.
 */
export function searchWords(query: string): string[] {
  return [
    ...new Set(
      query
        .normalize('NFKC')
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? [],
    ),
  ].slice(0, MAX_SEARCH_WORDS);
}

/**
 * Turns what a person typed into search terms. Only runs of letters and digits survive, so
 * tsquery operators (& | ! : * ( ) < >), quotes, '%' and '_' are never syntax: they separate
 * words, or are dropped. Each word of 3 or more characters also matches as a prefix, so results
 * appear while a word is still being typed. Null when nothing searchable is left.
 */
export function buildSearchTerms(query: string): SearchTerms | null {
  const words = searchWords(query);
  if (words.length === 0) return null;
  const terms = words.map((word) => (word.length >= MIN_PREFIX_LENGTH ? `${word}:*` : word));
  return { anyWords: terms.join(' | '), allWords: terms.join(' & '), text: words.join(' ') };
}
