import type { Sql } from 'postgres';
import { createSql } from '../db/postgres.ts';
import { databaseUrl } from '../db.ts';
import { FALLBACK_SESSION_SETTINGS, SEARCH_SESSION_SETTINGS } from './queries.ts';

/** Connections of the search pool: searches are short, and the main pool keeps serving the rest. */
const SEARCH_POOL_MAX = 4;

/**
 * The search pool: connections opened with SEARCH_SESSION_SETTINGS, so a search needs no
 * transaction of its own to set them (BEGIN, the settings and COMMIT were three of its round trips).
 */
export const searchSql: Sql = createSql(databaseUrl, {
  max: SEARCH_POOL_MAX,
  settings: SEARCH_SESSION_SETTINGS,
});

/** Connections of the typo fallbacks' pool: a fallback runs only when a search found too few. */
const FALLBACK_POOL_MAX = 2;

/** The typo fallbacks' pool: the search settings, each statement's plan kept (FALLBACK_SESSION_SETTINGS). */
export const searchFallbackSql: Sql = createSql(databaseUrl, {
  max: FALLBACK_POOL_MAX,
  settings: FALLBACK_SESSION_SETTINGS,
});
