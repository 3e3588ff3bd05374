import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Sql } from 'postgres';
import { createScratchDatabase } from '../../test/helpers.ts';
import { createPlanTracer, type PlanNode, type PlanTracer } from '../../test/query-plans.ts';
import { replaceArticleImages, selectKbImageUsage, selectVisibleKbImage } from './queries.ts';

type Scratch = Awaited<ReturnType<typeof createScratchDatabase>>;

let db: Scratch;
let tracer: PlanTracer;
let authorId = '';
let articleId = '';
let imageIds: string[] = [];
const ARTICLES = 4_000;
const IMAGES = 20_000;
const BIG_TABLES = new Set(['kb_articles', 'kb_images', 'kb_article_images']);

const seqScansOf = (nodes: PlanNode[]) =>
  nodes
    .filter((node) => node['Node Type'] === 'Seq Scan' && BIG_TABLES.has(node['Relation Name'] ?? ''))
    .map((node) => node['Relation Name']);

beforeAll(async () => {
  db = await createScratchDatabase();
  const [author] = await db.sql<{ id: string }[]>`
    insert into users (username, email, password_hash, first_name, last_name, role, status)
    values ('kb_images_author', 'kb_images_author@example.test', 'x', 'Kb', 'Author', 'agent', 'active')
    returning id`;
  authorId = author?.id ?? '';
  await db.sql`
    insert into users (username, email, password_hash, first_name, last_name, role, status)
    select 'kb_agent_' || n, 'kb_agent_' || n || '@example.test', 'x', 'Kb', 'Agent', 'agent', 'active'
    from generate_series(1, 49) n`;
  await db.sql`
    insert into kb_categories (name, slug, sort_order)
    select 'Category ' || n, 'category-' || n, n from generate_series(1, 12) n`;
  await db.sql`
    insert into kb_articles (title, slug, content, category_id, author_id, status)
    select 'Article ' || n, 'article-' || n, 'Body ' || n, c.ids[1 + n % 12], ${authorId},
           case when n % 10 = 0 then 'draft' else 'published' end
    from generate_series(1, ${ARTICLES}) n,
         (select array_agg(id order by sort_order) as ids from kb_categories) c`;
  // A knowledge base full of screenshots by 50 agents: five images for each article, shown by it.
  await db.sql`
    insert into kb_images (file_name, file_size, file_type, file_path, uploaded_by_id)
    select 'shot-' || n || '.png', 1000 + n, 'image/png', gen_random_uuid()::text, u.ids[1 + n % 50]
    from generate_series(1, ${IMAGES}) n,
         (select array_agg(id order by username) as ids from users where role = 'agent') u`;
  await db.sql`
    insert into kb_article_images (article_id, image_id)
    select a.id, i.id
    from (select id, row_number() over (order by id) as r from kb_articles) a
    join (select id, row_number() over (order by id) as r from kb_images) i on (i.r - 1) / 5 + 1 = a.r`;
  await db.sql`vacuum analyze`;
  const [some] = await db.sql<{ id: string }[]>`select id from kb_articles where slug = 'article-1234'`;
  articleId = some?.id ?? '';
  imageIds = (
    await db.sql<
      { id: string }[]
    >`select image_id as id from kb_article_images where article_id = ${articleId}`
  ).map((row) => row.id);
  tracer = createPlanTracer(db.url);
}, 120_000);

afterAll(async () => {
  await tracer?.end();
  await db?.drop();
});

test(`serving, counting and linking images read indexes, never all ${IMAGES} images`, async () => {
  const imageId = imageIds[0] ?? '';
  const queries: [string, string, (sql: Sql) => Promise<unknown>][] = [
    ['an image for an end user', '', (sql) => selectVisibleKbImage(sql, imageId, false)],
    ['an image for staff', '', (sql) => selectVisibleKbImage(sql, imageId, true)],
    ['the uploader quota', '', (sql) => selectKbImageUsage(sql, authorId)],
    [
      'an article saved with its images',
      'insert into kb_article_images',
      (sql) => sql.begin((tx) => replaceArticleImages(tx, articleId, imageIds.slice(0, 3))),
    ],
  ];
  const failures: string[] = [];
  for (const [label, startsWith, query] of queries) {
    const seqScans = seqScansOf(await tracer.planOf(query, { startsWith }));
    if (seqScans.length > 0) failures.push(`${label}: seq scan on ${seqScans.join(', ')}`);
  }
  expect(failures).toEqual([]);
  expect(await selectVisibleKbImage(db.sql, imageId, false)).not.toBeNull();
});
