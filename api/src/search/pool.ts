import type { Sql } from 'postgres';
import { createSql } from '../db/postgres.ts';
import { databaseUrl } from '../db.ts';
import { SEARCH_SESSION_SETTINGS } from './queries.ts';

/** Connections of the search pool: searches are short, and the main pool keeps serving the rest. */
const SEARCH_POOL_MAX = 4;

/**
 * The search pool: connections opened with SEARCH_SESSION_SETTINGS (each statement's generic plan
 * kept), so a search needs no transaction of its own to set them (BEGIN, the settings and COMMIT
 * were three of its round trips) and is not planned for its words.
 */
export const searchSql: Sql = createSql(databaseUrl, {
  max: SEARCH_POOL_MAX,
  settings: SEARCH_SESSION_SETTINGS,
});
