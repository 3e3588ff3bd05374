import type { Sql } from 'postgres';
import { createSql } from '../db/postgres.ts';
import { databaseUrl } from '../db.ts';

/** Connections of the knowledge base search's pool: a search is about a millisecond of work. */
const KB_SEARCH_POOL_MAX = 4;

/**
 * How the article searches' sessions are set: each statement planned once per connection and
 * that plan kept. No plan depends on the words (the GIN or trigram index, then the sort; the
 * tsqueries are made once per statement, queries.ts). On the main pool PostgreSQL planned a
 * search for its words on each connection's first five runs, and the global search's typo
 * fallback on every run (its generic plan's estimate looked costlier than a custom one): 1.3 ms
 * of planning against 0.1 ms of running it at 1M.
 */
export const KB_SEARCH_SESSION_SETTINGS: Readonly<Record<string, string>> = {
  plan_cache_mode: 'force_generic_plan',
};

/** The article searches' pool (the knowledge base's page and the global search's articles). */
export const kbSearchSql: Sql = createSql(databaseUrl, {
  max: KB_SEARCH_POOL_MAX,
  settings: KB_SEARCH_SESSION_SETTINGS,
});
