import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Sql } from 'postgres';
import { createScratchDatabase } from '../../test/helpers.ts';
import { createPlanTracer, type PlanTracer } from '../../test/query-plans.ts';
import {
  selectAnswerTotals,
  selectDeflectedBy,
  selectHelpfulness,
  selectKnowledgeActivity,
  selectMostRead,
  selectUnfoundSearches,
} from './knowledge-queries.ts';
import { selectReportWindow } from './queries.ts';

type Scratch = Awaited<ReturnType<typeof createScratchDatabase>>;

let db: Scratch;
let tracer: PlanTracer;
const BIG_TABLES = new Set([
  'kb_articles',
  'kb_article_views',
  'kb_article_feedback',
  'kb_search_misses',
  'kb_deflections',
]);

beforeAll(async () => {
  db = await createScratchDatabase();
  await db.sql`
    insert into users (username, email, password_hash, first_name, last_name, role, status)
    select 'reader_' || n, 'reader_' || n || '@example.test', 'x', 'Reader', 'N' || n,
           case when n = 1 then 'agent' else 'end_user' end, 'active'
    from generate_series(1, 400) n`;
  await db.sql`insert into kb_categories (name, slug) values ('Scale', 'scale')`;
  await db.sql`
    insert into kb_articles (title, slug, content, category_id, author_id, status)
    select 'Article ' || n, 'article-' || n, 'Body', (select id from kb_categories limit 1),
           (select id from users where role = 'agent' limit 1), 'published'
    from generate_series(1, 2000) n`;
  // Three years of a busy knowledge base, as the daily counters hold it.
  await db.sql`
    insert into kb_article_views (article_id, viewed_on, views)
    select a.id, current_date - d, 1 + (a.n + d) % 9
    from generate_series(0, 1095) d,
         (select id, row_number() over (order by id) as n from kb_articles) a
    where (a.n + d * 7) % 25 = 0`;
  await db.sql`
    insert into kb_article_feedback (article_id, user_id, helpful, comment, created_at, updated_at)
    select a.id, u.id, (a.n + u.n) % 4 <> 0, case when (a.n + u.n) % 8 = 0 then 'Out of date' end,
           now() - ((a.n * 13 + u.n * 7) % 1095) * interval '1 day', now() - ((a.n * 13 + u.n * 7) % 1095) * interval '1 day'
    from (select id, row_number() over (order by id) as n from kb_articles) a,
         (select id, row_number() over (order by id) as n from users) u
    where (a.n + u.n * 3) % 20 = 0`;
  await db.sql`
    insert into kb_search_misses (searched_on, words, searches)
    select current_date - d, 'words ' || w, 1 + (d + w) % 5
    from generate_series(0, 1095) d, generate_series(1, 60) w`;
  await db.sql`
    insert into kb_deflections (article_id, deflected_on, deflections)
    select a.id, current_date - d, 1 + d % 3
    from generate_series(0, 1095) d, (select id, row_number() over (order by id) as n from kb_articles) a
    where (a.n + d) % 100 = 0`;
  await db.sql`vacuum analyze`;
  tracer = createPlanTracer(db.url);
}, 240_000);

afterAll(async () => {
  await tracer?.end();
  await db?.drop();
});

describe('knowledge-base report plans at scale', () => {
  test('up to 90 days, every pass reads its day or time index for the window, never a whole big table', async () => {
    const [sizes] = await tracer.sql<{ views: number; answers: number; misses: number }[]>`
      select (select count(*)::int from kb_article_views) as views,
             (select count(*)::int from kb_article_feedback) as answers,
             (select count(*)::int from kb_search_misses) as misses`;
    expect(sizes?.views).toBeGreaterThan(80_000);
    expect(sizes?.answers).toBeGreaterThan(30_000);
    expect(sizes?.misses).toBeGreaterThan(60_000);
    const failures: string[] = [];
    for (const count of [7, 30, 90]) {
      for (const timeZone of ['UTC', 'America/New_York']) {
        const w = await selectReportWindow(tracer.sql, { unit: 'day', count, timeZone, asOf: null });
        const passes: [string, (sql: Sql) => Promise<unknown>][] = [
          ['activity', (sql) => selectKnowledgeActivity(sql, w)],
          ['answers', (sql) => selectAnswerTotals(sql, w)],
          ['most read', (sql) => selectMostRead(sql, w)],
          ['helpfulness', (sql) => selectHelpfulness(sql, w)],
          ['unfound', (sql) => selectUnfoundSearches(sql, w)],
          ['deflected by', (sql) => selectDeflectedBy(sql, w)],
        ];
        for (const [label, run] of passes) {
          const nodes = await tracer.planOf(run);
          const seqScans = nodes
            .filter((node) => node['Node Type'] === 'Seq Scan' && BIG_TABLES.has(node['Relation Name'] ?? ''))
            .map((node) => node['Relation Name']);
          if (seqScans.length > 0)
            failures.push(`${label} ${count} days ${timeZone}: seq scan of ${seqScans.join(', ')}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
