import { API_PATHS, KB_LIMITS, LIMITS } from '@helpdesk/contracts/constants';

/**
 * The text to search the knowledge base for, or null while it is too short: the knowledge base fires
 * a search only above 2 characters. Surrounding spaces do not count (the API trims them too), and
 * anything past the API's cap is cut rather than refused.
 */
export function kbSearchTerm(text: string): string | null {
  const term = text.trim().slice(0, KB_LIMITS.searchQueryMax).trim();
  return term.length >= LIMITS.kbSearchMinChars ? term : null;
}

/**
 * The term a search box should query now: none while the box holds too little (so results vanish
 * at once), else the debounced text's term (null while the first debounce is still running).
 */
export function settledKbSearchTerm(currentText: string, debouncedText: string): string | null {
  return kbSearchTerm(currentText) === null ? null : kbSearchTerm(debouncedText);
}

/** `GET /api/kb/articles/search?q=` (plus `limit` when given), as a query key the default query function reads. */
export function kbSearchKey(term: string, limit?: number) {
  return [API_PATHS.kbArticlesSearch, limit === undefined ? { q: term } : { q: term, limit }] as const;
}
