import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Sql } from 'postgres';
import { createScratchDatabase } from '../../test/helpers.ts';
import { createPlanTracer, type PlanNode, type PlanTracer } from '../../test/query-plans.ts';
import { selectArticle } from './queries.ts';
import { selectCurrentRevisionNumber, selectRevision, selectRevisionPage } from './revisions-queries.ts';

type Scratch = Awaited<ReturnType<typeof createScratchDatabase>>;

let db: Scratch;
let tracer: PlanTracer;
let busyArticleId = '';
const ARTICLES = 3_000;
const BUSY_REVISIONS = 5_000;

const planOf = (run: (sql: Sql) => Promise<unknown>) => tracer.planOf(run, { startsWith: '' });

const seqScansOf = (nodes: PlanNode[]) =>
  nodes
    .filter(
      (node) =>
        node['Node Type'] === 'Seq Scan' &&
        ['kb_articles', 'kb_article_revisions'].includes(node['Relation Name'] ?? ''),
    )
    .map((node) => node['Relation Name']);

beforeAll(async () => {
  db = await createScratchDatabase();
  const [author] = await db.sql<{ id: string }[]>`
    insert into users (username, email, password_hash, first_name, last_name, role, status)
    values ('rev_author', 'rev_author@example.test', 'x', 'Rev', 'Author', 'agent', 'active') returning id`;
  const [category] = await db.sql<{ id: string }[]>`
    insert into kb_categories (name, slug) values ('Revisions', 'revisions') returning id`;
  // 3,000 articles (each gets revision 1 from the insert), 20 more revisions for each, and one
  // article edited 5,000 times: about 65,000 revisions.
  await db.sql`
    insert into kb_articles (title, slug, content, category_id, author_id, status)
    select 'Article ' || n, 'article-' || n, 'Body ' || n, ${category?.id ?? ''}, ${author?.id ?? ''}, 'published'
    from generate_series(1, ${ARTICLES}) n`;
  await db.sql`
    insert into kb_article_revisions (article_id, number, title, content, category_id, status, editor_id, changed_fields)
    select a.id, 1 + r, a.title, a.content || ' v' || r, a.category_id, a.status, a.author_id, '{content}'
    from kb_articles a, generate_series(1, 20) r`;
  const [busy] = await db.sql<{ id: string }[]>`select id from kb_articles where slug = 'article-1234'`;
  busyArticleId = busy?.id ?? '';
  await db.sql`
    insert into kb_article_revisions (article_id, number, title, content, category_id, status, editor_id, changed_fields)
    select a.id, 21 + r, a.title, a.content || ' w' || r, a.category_id, a.status, a.author_id, '{content}'
    from kb_articles a, generate_series(1, ${BUSY_REVISIONS}) r where a.id = ${busyArticleId}`;
  await db.sql`vacuum analyze`;
  tracer = createPlanTracer(db.url);
}, 120_000);

afterAll(async () => {
  await tracer?.end();
  await db?.drop();
});

describe('revision query plans at scale', () => {
  test('the history (first and later pages), one revision, the current number and the article read indexes only', async () => {
    const queries: [string, (sql: Sql) => Promise<unknown>][] = [
      ['first page', (sql) => selectRevisionPage(sql, busyArticleId, { limit: 51, before: null })],
      ['a later page', (sql) => selectRevisionPage(sql, busyArticleId, { limit: 51, before: 2_500 })],
      ['one revision', (sql) => selectRevision(sql, busyArticleId, 1_234)],
      ['current number', (sql) => selectCurrentRevisionNumber(sql, busyArticleId)],
      ['the article with its revision', (sql) => selectArticle(sql, busyArticleId, null)],
    ];
    const failures: string[] = [];
    for (const [label, run] of queries) {
      const nodes = await planOf(run);
      const seqScans = seqScansOf(nodes);
      if (seqScans.length > 0) failures.push(`${label}: seq scan on ${seqScans.join(', ')}`);
      if (!nodes.some((node) => node['Index Name']?.startsWith('kb_article_revisions_'))) {
        failures.push(`${label}: no kb_article_revisions index`);
      }
    }
    expect(failures).toEqual([]);
  });

  test('a page of the busiest history reads its page from the index and nothing more, however deep', async () => {
    // What keeps a page fast at 5,000 revisions, checked on the real plan (speed itself is the bench's).
    for (const before of [null, 4_000, 2_500, 60]) {
      const nodes = await tracer.planOf(
        (sql) => selectRevisionPage(sql, busyArticleId, { limit: 51, before }),
        { startsWith: '', analyze: true },
      );
      const reads = nodes.filter((node) => node['Relation Name'] === 'kb_article_revisions');
      expect(reads.length).toBeGreaterThan(0);
      for (const node of reads) {
        expect((node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1)).toBeLessThanOrEqual(51);
        expect(node['Rows Removed by Filter'] ?? 0).toBe(0);
      }
      expect(nodes.filter((node) => node['Node Type'] === 'Sort')).toEqual([]);
    }
  });
});
