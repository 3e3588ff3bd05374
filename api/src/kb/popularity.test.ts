import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { clearOfUtcMidnight } from '../../test/clock.ts';
import { createScratchDatabase } from '../../test/helpers.ts';
import { countArticleView, selectArticle, selectPopularArticlePage } from './queries.ts';
import { isViewWindowStale, rebuildRecentViews, rollViewWindow } from './view-window.ts';

type Scratch = Awaited<ReturnType<typeof createScratchDatabase>>;
let db: Scratch;
let readerId = '';
const ids: Record<'a' | 'b' | 'c' | 'draft', string> = { a: '', b: '', c: '', draft: '' };

/** Each article's sum in the window table, by name; articles without a row are left out. */
async function sums(): Promise<Record<string, number>> {
  const rows = await db.sql<{ id: string; views: number }[]>`
    select article_id as id, views from kb_article_recent_views`;
  const names = Object.entries(ids);
  return Object.fromEntries(
    rows.map((row) => [names.find(([, id]) => id === row.id)?.[0] ?? row.id, row.views]).sort(),
  );
}

beforeAll(async () => {
  db = await createScratchDatabase();
  const [user] = await db.sql<{ id: string }[]>`
    insert into users (username, email, password_hash, first_name, last_name, role, status)
    values ('author', 'author@example.test', 'x', 'A', 'Author', 'agent', 'active') returning id`;
  readerId = user?.id ?? '';
  const [category] = await db.sql<{ id: string }[]>`
    insert into kb_categories (name, slug) values ('General', 'general') returning id`;
  for (const name of Object.keys(ids) as (keyof typeof ids)[]) {
    const [row] = await db.sql<{ id: string }[]>`
      insert into kb_articles (title, slug, content, category_id, author_id, status)
      values (${name}, ${name}, 'x', ${category?.id ?? ''}, ${user?.id ?? ''},
              ${name === 'draft' ? 'draft' : 'published'})
      returning id`;
    ids[name] = row?.id ?? '';
  }
  // The rows are placed by days before today, on both sides of the window's first day (29 days
  // ago): after a midnight between them and the tests' reads each is a day older, and b's day 29
  // has left the window.
  await clearOfUtcMidnight(db.sql);
  const daily: [keyof typeof ids, number, number][] = [
    ['a', 0, 10],
    ['a', 35, 100],
    ['b', 29, 50],
    ['b', 30, 5],
    ['c', 31, 20],
    ['draft', 0, 1000],
  ];
  for (const [name, daysAgo, views] of daily) {
    await db.sql`
      insert into kb_article_views (article_id, viewed_on, views)
      values (${ids[name]}, current_date - ${daysAgo}::int, ${views})`;
  }
}, 60_000);

afterAll(async () => {
  await db?.drop();
});

describe('the popularity window', () => {
  test('a rebuild sums the last 30 days (today included) per article', async () => {
    await db.sql.begin((tx) => rebuildRecentViews(tx));
    expect(await sums()).toEqual({ a: 10, b: 50, draft: 1000 });
    expect(await isViewWindowStale(db.sql)).toBe(false);
  });

  test('moving a window left 10 days behind subtracts exactly the days that left it, once', async () => {
    // The state ten days without a move leaves: the window starts 39 days ago and sums from there.
    await db.sql.begin(async (tx) => {
      await tx`update kb_view_window set starts_on = current_date - 39`;
      await tx`delete from kb_article_recent_views`;
      await tx`
        insert into kb_article_recent_views (article_id, views)
        select article_id, sum(views)::int from kb_article_views where viewed_on >= current_date - 39
        group by article_id`;
    });
    expect(await sums()).toEqual({ a: 110, b: 55, c: 20, draft: 1000 });
    expect(await isViewWindowStale(db.sql)).toBe(true);
    const [before] = await selectPopularArticlePage(
      db.sql,
      { status: null, categoryId: null },
      { limit: 5, after: null },
    );
    expect(before?.id).toBe(ids.a);

    await Promise.all(Array.from({ length: 5 }, () => db.sql.begin((tx) => rollViewWindow(tx))));
    expect(await sums()).toEqual({ a: 10, b: 50, draft: 1000 });
    expect(await isViewWindowStale(db.sql)).toBe(false);
    const [{ startsOn = '' } = {}] = await db.sql<{ startsOn: string }[]>`
      select (starts_on = current_date - 29)::text as "startsOn" from kb_view_window`;
    expect(startsOn).toBe('true');
    const popular = await selectPopularArticlePage(
      db.sql,
      { status: null, categoryId: null },
      { limit: 5, after: null },
    );
    // The draft's reading never makes it popular; the rest are most read first.
    expect(popular.map((row) => [row.id, row.recentViews])).toEqual([
      [ids.b, 50],
      [ids.a, 10],
    ]);
  });

  test('a counted view adds to the day and the window; a draft counts nothing', async () => {
    expect(await countArticleView(db.sql, ids.c, readerId)).toBe(true);
    expect(await countArticleView(db.sql, ids.a, readerId)).toBe(true);
    expect(await countArticleView(db.sql, ids.draft, readerId)).toBe(false);
    expect(await sums()).toEqual({ a: 11, b: 50, c: 1, draft: 1000 });
    const article = await selectArticle(db.sql, ids.c, 'published');
    expect(article).toMatchObject({ viewCount: 1, isPopular: true });
    expect(await selectArticle(db.sql, ids.draft, 'published')).toBeNull();
    expect(await selectArticle(db.sql, ids.draft, null)).toMatchObject({ viewCount: 0, isPopular: false });
  });
});
