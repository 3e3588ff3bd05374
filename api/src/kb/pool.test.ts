import { expect, test } from 'bun:test';
import { kbSearchSql } from './pool.ts';
import { selectArticleSearch, selectArticleSearchHits } from './queries.ts';
import { buildSearchTerms } from './search-terms.ts';

test("the article searches' pool plans each statement once and keeps that plan, whatever the words", async () => {
  const connection = await kbSearchSql.reserve();
  try {
    for (const q of ['printer', 'zzzrareword', 'vpn timeout', 'pas']) {
      const terms = buildSearchTerms(q);
      if (!terms) throw new Error(`no terms for ${q}`);
      const search = { ...terms, similarText: terms.text, limit: 10 };
      await selectArticleSearch(connection, { ...search, status: 'public' });
      await selectArticleSearchHits(connection, { ...search, status: null });
    }
    const plans = await connection<{ generic: number; custom: number }[]>`
      select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
      where (strpos(statement, 'text_hits') > 0 or strpos(statement, 'similar_hits') > 0)
        and strpos(statement, 'pg_prepared_statements') = 0`;
    // Other tests may have used this connection too: every article search on it counts.
    expect(plans.filter((plan) => plan.custom > 0)).toEqual([]);
    expect(plans.reduce((sum, plan) => sum + plan.generic, 0)).toBeGreaterThanOrEqual(8);
  } finally {
    connection.release();
  }
});
