import { API_PATHS } from '../api-paths.ts';

export const SEARCH_LIMITS = {
  /** The API answers from 2 characters (a ticket number like `12`); the header box waits for more than 2. */
  queryMin: 2,
  queryMax: 200,
  /** The header box asks for more than this many characters before it searches (spec: above 2). */
  typeaheadMinChars: 3,
  typeaheadDebounceMs: 200,
  limitDefault: 5,
  limitMax: 20,
  /** The full results page shows this many of each kind. */
  pageLimit: 20,
} as const;

export const SEARCH_MESSAGES = {
  tooShort: `Search needs at least ${SEARCH_LIMITS.queryMin} characters`,
  tooLong: `Search is too long (at most ${SEARCH_LIMITS.queryMax} characters)`,
} as const;

/** `GET /api/search?q=&limit=` as a query key the shared default query function reads. */
export const searchQueryKey = (q: string, limit: number) => [API_PATHS.search, { q, limit }] as const;
