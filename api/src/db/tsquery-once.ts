import type { PendingQuery, Row } from 'postgres';
import { sql } from '../db.ts';

/**
 * A tsquery made once per statement. The search statements keep their generic plans (nothing in
 * them depends on the words), and under a generic plan a `to_tsquery($1)` is not folded to a
 * constant: it was parsed again for every row it was tested on (a common word's walk of 10,000
 * tickets took twice as long). As a subquery it is one InitPlan, and a GIN index scan still takes
 * it as its condition. The configuration is written into the text: the indexes are built on it.
 */
export function tsqueryOnce(config: 'english' | 'simple', words: string): PendingQuery<Row[]> {
  return config === 'english'
    ? sql`(select to_tsquery('english', ${words}))`
    : sql`(select to_tsquery('simple', ${words}))`;
}
