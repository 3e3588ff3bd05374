import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { ARTICLE_STATUSES } from '@helpdesk/contracts';
import type { Sql } from 'postgres';
import { createScratchDatabase } from '../../test/helpers.ts';
import {
  createPlanTracer,
  type PlanNode,
  type PlanTracer,
  plansOverRuns,
  tsqueryPerRowOf,
} from '../../test/query-plans.ts';
import { countSearchMiss } from '../kb-feedback/queries.ts';
import { selectManagedCategories } from './category-queries.ts';
import {
  type ArticleListFilters,
  type ArticleSearch,
  countArticleView,
  type StatusScope,
  selectActiveCategories,
  selectArticle,
  selectArticlePage,
  selectArticleSearch,
  selectArticleSearchHits,
  selectPopularArticlePage,
} from './queries.ts';
import { buildSearchTerms } from './search-terms.ts';
import { isViewWindowStale, rebuildRecentViews, rollViewWindow } from './view-window.ts';

type Scratch = Awaited<ReturnType<typeof createScratchDatabase>>;

let db: Scratch;
let tracer: PlanTracer;
let categoryId = '';
let articleId = '';
let authorId = '';
const ARTICLES = 8_000;
const BIG_TABLES = new Set(['kb_articles', 'kb_article_views', 'kb_article_recent_views']);

/** How PostgreSQL plans the last statement a query function sends (that starts with `startsWith`). */
const planOf = (run: (sql: Sql) => Promise<unknown>, startsWith = '') => tracer.planOf(run, { startsWith });

/** The search a query asks for, as the service builds it (typo fallback on). */
function searchOf(q: string, status: StatusScope, limit = 10): ArticleSearch {
  const terms = buildSearchTerms(q);
  if (!terms) throw new Error(`no terms for ${q}`);
  return { anyWords: terms.anyWords, allWords: terms.allWords, similarText: terms.text, status, limit };
}

/** The seq scans of a plan on the tables that grow: articles and their daily views. */
const seqScansOf = (nodes: PlanNode[]) =>
  nodes
    .filter((node) => node['Node Type'] === 'Seq Scan' && BIG_TABLES.has(node['Relation Name'] ?? ''))
    .map((node) => node['Relation Name']);

/**
 * The seq scans in the generic plans (the ones the search pool keeps) of a search by rare words,
 * by a typo and by absent words, and of counting the miss that follows.
 */
async function searchSeqScans(status: StatusScope): Promise<string[]> {
  const searches: [string, (sql: Sql) => Promise<unknown>][] = [
    ['rare words', (sql) => selectArticleSearch(sql, searchOf('term4321 setup', status))],
    ['typo fallback', (sql) => selectArticleSearch(sql, searchOf('artcle 1234', status))],
    ['absent words', (sql) => selectArticleSearch(sql, searchOf('zzzzabsent', status))],
    ['a miss counted', (sql) => countSearchMiss(sql, { words: 'zzzzabsent', userId: authorId })],
  ];
  const failures: string[] = [];
  for (const [label, search] of searches) {
    const seqScans = seqScansOf(await tracer.planOf(search, { generic: true }));
    if (seqScans.length > 0) failures.push(`${label}: seq scan on ${seqScans.join(', ')}`);
  }
  return failures;
}

beforeAll(async () => {
  db = await createScratchDatabase();
  const [author] = await db.sql<{ id: string }[]>`
    insert into users (username, email, password_hash, first_name, last_name, role, status)
    values ('kb_author', 'kb_author@example.test', 'x', 'Kb', 'Author', 'agent', 'active') returning id`;
  authorId = author?.id ?? '';
  await db.sql`
    insert into kb_categories (name, slug, sort_order)
    select 'Category ' || n, 'category-' || n, n from generate_series(1, 12) n`;
  // A large knowledge base: 8,000 articles over 12 categories, most published, each with a few
  // of 5,000 distinct words, so a word search matches a handful and a common word thousands.
  await db.sql`
    insert into kb_articles (title, slug, content, excerpt, category_id, author_id, status, tags, view_count,
                             published_at, created_at, updated_at)
    select 'Article ' || n || ' about term' || (n % 5000), 'article-' || n,
           'Common text for every article. Mentions term' || ((n * 7) % 5000) || ' and term' || ((n * 13) % 5000) || '.',
           'Excerpt ' || n, c.ids[1 + n % 12], ${author?.id ?? ''},
           case when n % 10 = 0 then 'draft' when n % 10 = 1 then 'archived' else 'published' end,
           array['tag' || (n % 300)], n % 1000, now() - n * interval '10 minutes',
           now() - n * interval '10 minutes', now() - n * interval '5 minutes'
    from generate_series(1, ${ARTICLES}) n,
         (select array_agg(id order by sort_order) as ids from kb_categories) c`;
  // Reading: 600 articles read on each of the last 30 days, and older history.
  await db.sql`
    insert into kb_article_views (article_id, viewed_on, views)
    select a.id, current_date - d, 1 + (a.view_count + d) % 50
    from (select id, view_count from kb_articles where status = 'published' order by slug limit 600) a,
         generate_series(0, 29) d`;
  await db.sql`
    insert into kb_article_views (article_id, viewed_on, views)
    select a.id, current_date - d, 5
    from (select id from kb_articles where status = 'published' order by slug desc limit 100) a,
         generate_series(30, 89) d`;
  await db.sql.begin((tx) => rebuildRecentViews(tx));
  // As if the window last moved a week ago: moving it now reads only the days that leave it.
  await db.sql`update kb_view_window set starts_on = starts_on - 7`;
  await db.sql`update kb_articles set is_popular = true where slug in ('article-2', 'article-3')`;
  // As autovacuum would have by now: the GIN indexes' pending lists merged, statistics fresh.
  await db.sql`vacuum analyze`;
  const [some] = await db.sql<{ id: string; categoryId: string }[]>`
    select id, category_id as "categoryId" from kb_articles where slug = 'article-1234'`;
  articleId = some?.id ?? '';
  categoryId = some?.categoryId ?? '';
  tracer = createPlanTracer(db.url);
}, 120_000);

afterAll(async () => {
  await tracer?.end();
  await db?.drop();
});

describe('knowledge base query plans at scale', () => {
  test(`every list filter combination reads an index, never all ${ARTICLES} articles`, async () => {
    const [middle] = await db.sql<{ at: string }[]>`select (now() - interval '20 days')::text as at`;
    const failures: string[] = [];
    for (const status of [null, ...ARTICLE_STATUSES]) {
      for (const category of [null, categoryId]) {
        for (const isPopular of [null, false]) {
          for (const after of [null, { at: middle?.at ?? '', id: crypto.randomUUID() }]) {
            const filters: ArticleListFilters = { status, categoryId: category, isPopular };
            const nodes = await planOf((sql) => selectArticlePage(sql, filters, { limit: 21, after }));
            const label = JSON.stringify({
              status,
              category: category !== null,
              isPopular,
              after: after !== null,
            });
            const seqScans = seqScansOf(nodes);
            if (seqScans.length > 0) failures.push(`${label}: seq scan on ${seqScans.join(', ')}`);
            if (!nodes.some((node) => node['Index Name']?.startsWith('kb_articles_'))) {
              failures.push(`${label}: no kb_articles index`);
            }
          }
        }
      }
    }
    for (const category of [null, categoryId]) {
      for (const after of [null, { recentViews: 100, viewCount: 10, id: crypto.randomUUID() }]) {
        const nodes = await planOf((sql) =>
          selectPopularArticlePage(sql, { status: 'published', categoryId: category }, { limit: 6, after }),
        );
        const seqScans = seqScansOf(nodes);
        if (seqScans.length > 0) failures.push(`popular ${category}: seq scan on ${seqScans.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  });

  test('search (full text and the typo fallback), one article, a view and the categories read indexes only', async () => {
    const rare = searchOf('term4321 setup', 'published');
    const failures = await searchSeqScans('published');
    const queries: [string, (sql: Sql) => Promise<unknown>][] = [
      ['one article', (sql) => selectArticle(sql, articleId, 'published')],
      ['a view', (sql) => countArticleView(sql, articleId, authorId)],
      ['categories', (sql) => selectActiveCategories(sql)],
      ['window check', (sql) => isViewWindowStale(sql)],
    ];
    for (const [label, query] of queries) {
      const seqScans = seqScansOf(await planOf(query));
      if (seqScans.length > 0) failures.push(`${label}: seq scan on ${seqScans.join(', ')}`);
    }
    expect(failures).toEqual([]);
    // Moving the window subtracts the days that left it: a range of the day index, not the history.
    const moved = await planOf(
      (sql) => sql.begin((tx) => rollViewWindow(tx)),
      'update kb_article_recent_views',
    );
    expect(seqScansOf(moved).filter((table) => table === 'kb_article_views')).toEqual([]);
    expect(await isViewWindowStale(db.sql)).toBe(false);
    const found = await selectArticleSearch(db.sql, rare);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((article) => article.status === 'published')).toBe(true);
  });

  test("end users' scope (published, in an active category) and the staff category list read indexes only", async () => {
    const failures = await searchSeqScans('public');
    const queries: [string, (sql: Sql) => Promise<unknown>][] = [
      ['one article', (sql) => selectArticle(sql, articleId, 'public')],
      [
        'popular',
        (sql) =>
          selectPopularArticlePage(sql, { status: 'public', categoryId: null }, { limit: 6, after: null }),
      ],
      ['managed categories', (sql) => selectManagedCategories(sql)],
    ];
    for (const category of [null, categoryId]) {
      queries.push([
        `list ${category}`,
        (sql) =>
          selectArticlePage(
            sql,
            { status: 'public', categoryId: category, isPopular: null },
            { limit: 21, after: null },
          ),
      ]);
    }
    for (const [label, query] of queries) {
      const seqScans = seqScansOf(await planOf(query));
      if (seqScans.length > 0) failures.push(`${label}: seq scan on ${seqScans.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });

  // The searches run on a pool that keeps generic plans whatever PostgreSQL's costs say (pool.test.ts).
  test('lists are planned once, then run their cached plans (no LIMIT parameter)', async () => {
    const runs: [string, (sql: Sql) => Promise<unknown>][] = [
      [
        'a.updated_at::text as "cursorAt"',
        (sql) =>
          selectArticlePage(
            sql,
            { status: 'published', categoryId: null, isPopular: null },
            { limit: 13, after: null },
          ),
      ],
      [
        'order by coalesce(r.views, 0) desc',
        (sql) =>
          selectPopularArticlePage(
            sql,
            { status: 'published', categoryId: null },
            { limit: 13, after: null },
          ),
      ],
    ];
    for (const [marker, run] of runs) {
      const plans = await plansOverRuns(db.sql, marker, 8, run);
      expect({ marker, ...plans, isCached: plans.generic >= 3 }).toMatchObject({ marker, isCached: true });
    }
  });

  test('the searches kept as generic plans make their tsqueries once, not for every matching article', async () => {
    const problems: string[] = [];
    const runs: [string, (sql: Sql) => Promise<unknown>][] = [
      ['page', (sql) => selectArticleSearch(sql, searchOf('common text', 'public'))],
      ['global search', (sql) => selectArticleSearchHits(sql, searchOf('common text', null))],
    ];
    for (const [label, run] of runs) {
      const nodes = await tracer.planOf(run, { generic: true });
      problems.push(...tsqueryPerRowOf(nodes).map((problem) => `${label}: ${problem}`));
    }
    expect(problems).toEqual([]);
  });

  test('a search matching nearly every article answers in well under a second', async () => {
    const started = performance.now();
    const found = await selectArticleSearch(db.sql, searchOf('common text', 'published'));
    expect(found).toHaveLength(10);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  // Shaping every match (authors, categories, the popular flag) before the sort cost 10+ ms for a
  // word in hundreds of articles; only the page's rows may reach the joins.
  test('a common word joins authors and categories for the page only, not for every match', async () => {
    const JOINS = new Set(['Nested Loop', 'Hash Join', 'Merge Join']);
    const mostRowsJoined = (nodes: PlanNode[]) =>
      Math.max(
        0,
        ...nodes
          .filter((node) => JOINS.has(node['Node Type']))
          .map((node) => (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1)),
      );
    const text = await tracer.planOf(
      (sql) => selectArticleSearch(sql, searchOf('common text', 'published')),
      { analyze: true },
    );
    expect(text.some((node) => (node['Actual Rows'] ?? 0) > 1000)).toBe(true);
    expect(mostRowsJoined(text)).toBeLessThanOrEqual(10);
    // Words no article holds, and a title word of every article: the typo fallback finds thousands.
    const similar = await tracer.planOf(
      (sql) => selectArticleSearch(sql, { ...searchOf('zzzzabsent', 'published'), similarText: 'article' }),
      { analyze: true },
    );
    expect(similar.some((node) => (node['Actual Rows'] ?? 0) > 1000)).toBe(true);
    expect(mostRowsJoined(similar)).toBeLessThanOrEqual(10);
  });

  // The fallback is in the statement of every search, but reads nothing once full text filled the page.
  test('a search that full text answers reads nothing of the typo fallback', async () => {
    const nodes = await tracer.planOf(
      (sql) => selectArticleSearch(sql, searchOf('common text', 'published')),
      { analyze: true },
    );
    const trigram = nodes.filter((node) => node['Index Name'] === 'kb_articles_search_text_trgm_idx');
    expect(trigram.length).toBeGreaterThan(0);
    expect(trigram.map((node) => node['Actual Loops'])).toEqual(trigram.map(() => 0));
  });
});

describe("the global search's article statements at scale", () => {
  test('they read indexes only and find what the knowledge base search finds, in its order, with the snippet texts', async () => {
    const failures: string[] = [];
    // A word in every article is read by a scan, as the knowledge base's own search reads it; its
    // results are compared all the same.
    for (const [q, status, isRare] of [
      ['term4321 setup', null, true],
      ['common', 'public', false],
      ['artcle 1234', null, true],
      ['artcle 4322', 'public', true],
    ] as const) {
      const search = searchOf(q, status);
      const seqScans = isRare ? seqScansOf(await planOf((sql) => selectArticleSearchHits(sql, search))) : [];
      if (seqScans.length > 0) failures.push(`${q}: seq scan on ${seqScans.join(', ')}`);
      const hits = await selectArticleSearchHits(db.sql, search);
      const page = await selectArticleSearch(db.sql, search);
      expect(hits.length).toBeGreaterThan(0);
      expect(hits.map((hit) => [hit.id, hit.title, hit.status, hit.category.id])).toEqual(
        page.map((article) => [article.id, article.title, article.status, article.category.id]),
      );
      expect(hits.every((hit) => hit.content.length > 0)).toBe(true);
    }
    expect(failures).toEqual([]);
  });
});
