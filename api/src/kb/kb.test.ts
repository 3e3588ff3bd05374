import { beforeAll, describe, expect, test } from 'bun:test';
import {
  API_PATHS,
  buildArticleSlug,
  ERROR_CODES,
  KB_MESSAGES,
  kbArticlePath,
  SERVER_MESSAGES,
  type TKbArticleSummary,
  ZKbArticle,
  ZKbArticleListResponse,
  ZKbCategoryListResponse,
} from '@helpdesk/contracts';
import { clearOfUtcMidnight } from '../../test/clock.ts';
import { errorOf, signedIn, sql, TestClient, type TestUser, testConfig } from '../../test/helpers.ts';
import { createWorkerTasks } from '../worker/tasks.ts';
import { addDailyViews, insertCategory, postArticle, setStatus, uniqueWord } from './test-fixtures.ts';

type Signed = { user: TestUser; client: TestClient };
let endUser: Signed;
let agent: Signed;
let admin: Signed;
let category: { id: string; name: string };

beforeAll(async () => {
  [endUser, agent, admin] = await Promise.all([signedIn('end_user'), signedIn('agent'), signedIn('admin')]);
  category = await insertCategory();
});

async function articleCount(): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from kb_articles`;
  return row?.count ?? 0;
}

async function listOf(client: TestClient, query: string): Promise<TKbArticleSummary[]> {
  const response = await client.get(`${API_PATHS.kbArticles}?${query}`);
  expect(response.status).toBe(200);
  return ZKbArticleListResponse.parse(response.body).articles;
}

describe('POST /api/kb/articles', () => {
  test('an agent creates a draft: 201, they are the author, slug by the rule, tags normalised', async () => {
    const before = Date.now();
    const response = await agent.client.post(API_PATHS.kbArticles, {
      title: '  How to Reset: Your  Password!! ',
      content: 'Line one.\n\nLine two.',
      excerpt: '',
      categoryId: category.id,
      tags: [' Password ', 'password', 'Self  service', 'PASSWORD', 'vpn'],
    });
    const after = Date.now();
    expect(response.status).toBe(201);
    const article = ZKbArticle.parse(response.body);
    expect(article).toMatchObject({
      title: 'How to Reset: Your  Password!!',
      content: 'Line one.\n\nLine two.',
      excerpt: null,
      categoryId: category.id,
      category: { id: category.id, name: category.name },
      author: { id: agent.user.id, firstName: 'Test', lastName: agent.user.lastName },
      status: 'draft',
      tags: ['Password', 'Self service', 'vpn'],
      isPopular: false,
      viewCount: 0,
      publishedAt: null,
      lastViewedAt: null,
    });
    const match = /^how-to-reset-your-password-(\d+)$/.exec(article.slug);
    expect(match).not.toBeNull();
    const stamp = Number(match?.[1]);
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(after);
    const [row] = await sql<{ authorId: string }[]>`
      select author_id as "authorId" from kb_articles where id = ${article.id}`;
    expect(row?.authorId).toBe(agent.user.id);
  });

  test('the slug rule (title, then the time), and a title with nothing to keep', async () => {
    expect(buildArticleSlug('How to Reset  Your Password!!', 1_700_000_000_000)).toBe(
      'how-to-reset-your-password-1700000000000',
    );
    expect(buildArticleSlug('VPN -- setup (2024) & more', 5)).toBe('vpn-setup-2024-more-5');
    expect(buildArticleSlug('Wi–Fi   café', 7)).toBe('wifi-caf-7');
    const symbols = await postArticle(admin.client, category.id, { title: '!!! ??? ###' });
    expect(symbols.slug).toMatch(/^article-\d+$/);
    const long = await postArticle(admin.client, category.id, { title: 'a'.repeat(500) });
    expect(long.slug.length).toBeLessThanOrEqual(500);
    expect(long.slug).toMatch(/^a+-\d+$/);
  });

  test("a published article gets publishedAt; the client's slug is kept when valid and free", async () => {
    const slug = `my-own-slug-${crypto.randomUUID()}`;
    const published = await postArticle(admin.client, category.id, { status: 'published', slug });
    expect(published.status).toBe('published');
    expect(published.slug).toBe(slug);
    expect(Date.parse(published.publishedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(published.author.id).toBe(admin.user.id);
    // Taken: the server falls back to the title's slug instead of failing the form.
    const second = await postArticle(admin.client, category.id, { title: 'Second try', slug });
    expect(second.slug).toMatch(/^second-try-\d+$/);
  });

  test('20 concurrent creates with the same title all succeed with distinct slugs', async () => {
    const title = `Concurrent ${uniqueWord()}`;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        agent.client.post(API_PATHS.kbArticles, { title, content: 'Same title', categoryId: category.id }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    const slugs = responses.map((r) => ZKbArticle.parse(r.body).slug);
    expect(new Set(slugs).size).toBe(20);
    for (const slug of slugs)
      expect(slug).toMatch(new RegExp(`^${title.toLowerCase().replace(' ', '-')}-\\d{13}$`));
  });

  test('bad input is a 400 with field messages, and nothing is stored', async () => {
    const inactive = await insertCategory({ isActive: false });
    const valid = { title: 'Valid', content: 'Valid body', categoryId: category.id };
    const before = await articleCount();
    const cases: [unknown, Record<string, string>][] = [
      [{ ...valid, title: '   ' }, { title: 'Title is required' }],
      [{ ...valid, title: undefined }, { title: expect.any(String) }],
      [{ ...valid, title: 'x'.repeat(501) }, { title: 'Title is too long' }],
      [{ ...valid, content: '' }, { content: 'Content is required' }],
      [{ ...valid, content: 'x'.repeat(100_001) }, { content: 'Content is too long' }],
      [{ ...valid, excerpt: 'x'.repeat(1001) }, { excerpt: 'Excerpt is too long' }],
      [{ ...valid, categoryId: 'general' }, { categoryId: 'Please choose a category' }],
      [{ ...valid, categoryId: undefined }, { categoryId: 'Please choose a category' }],
      [{ ...valid, status: 'deleted' }, { status: expect.any(String) }],
      [{ ...valid, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, { tags: 'At most 20 tags' }],
      [{ ...valid, tags: ['x'.repeat(51)] }, { 'tags.0': 'Tag is too long' }],
      [{ ...valid, tags: ['ok', '  '] }, { 'tags.1': 'Tags cannot be empty' }],
      [{ ...valid, tags: 'vpn' }, { tags: expect.any(String) }],
      [{ ...valid, slug: 'Not A Slug' }, { slug: 'Invalid slug' }],
      [{ ...valid, slug: `${'a'.repeat(501)}` }, { slug: expect.any(String) }],
      [{ ...valid, authorId: admin.user.id }, { authorId: 'Unknown field' }],
      [{ ...valid, viewCount: 1_000_000 }, { viewCount: 'Unknown field' }],
      [{ ...valid, isPopular: true }, { isPopular: 'Unknown field' }],
      [{ ...valid, publishedAt: '2020-01-01T00:00:00Z' }, { publishedAt: 'Unknown field' }],
    ];
    for (const [body, fields] of cases) {
      const response = await agent.client.post(API_PATHS.kbArticles, body);
      expect(response.status).toBe(400);
      expect(errorOf(response)).toEqual({
        code: ERROR_CODES.validation,
        message: SERVER_MESSAGES.validation,
        fields,
      });
    }
    for (const categoryId of [crypto.randomUUID(), inactive.id]) {
      const response = await agent.client.post(API_PATHS.kbArticles, { ...valid, categoryId });
      expect(response.status).toBe(400);
      expect(errorOf(response)).toEqual({
        code: ERROR_CODES.validation,
        message: KB_MESSAGES.categoryNotFound,
        fields: { categoryId: KB_MESSAGES.categoryNotFound },
      });
    }
    const notJson = await agent.client.post(API_PATHS.kbArticles, undefined, {
      body: 'title=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notJson.status).toBe(415);
    const malformed = await agent.client.post(API_PATHS.kbArticles, undefined, {
      body: '{"title": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(await articleCount()).toBe(before);
  });

  test('end users and anonymous callers cannot create: 403 / 401, nothing stored', async () => {
    const before = await articleCount();
    const body = { title: 'Sneaky', content: 'Sneaky', categoryId: category.id, status: 'published' };
    expect((await endUser.client.post(API_PATHS.kbArticles, body)).status).toBe(403);
    expect((await new TestClient().post(API_PATHS.kbArticles, body)).status).toBe(401);
    expect(await articleCount()).toBe(before);
  });
});

describe('PUT /api/kb/articles/{id}', () => {
  test('edits every field but the slug; publishedAt is set on first publish and kept after', async () => {
    const other = await insertCategory();
    const draft = await postArticle(admin.client, category.id, { tags: ['one'], excerpt: 'First excerpt' });
    await Bun.sleep(5);
    const put = (body: object) => agent.client.put(kbArticlePath(draft.id), body);
    const published = await put({
      title: 'Edited title',
      content: 'Edited\nbody',
      excerpt: 'Edited excerpt',
      categoryId: other.id,
      status: 'published',
      tags: ['Two', 'two', ' three '],
    });
    expect(published.status).toBe(200);
    const first = ZKbArticle.parse(published.body);
    expect(first).toMatchObject({
      id: draft.id,
      slug: draft.slug,
      title: 'Edited title',
      content: 'Edited\nbody',
      excerpt: 'Edited excerpt',
      categoryId: other.id,
      category: { id: other.id, name: other.name },
      author: { id: admin.user.id },
      status: 'published',
      tags: ['Two', 'three'],
      createdAt: draft.createdAt,
    });
    expect(first.publishedAt).not.toBeNull();
    expect(Date.parse(first.updatedAt)).toBeGreaterThan(Date.parse(draft.updatedAt));

    const archived = ZKbArticle.parse(
      (await put({ title: 'Edited title', content: 'x', categoryId: other.id, status: 'archived' })).body,
    );
    // Left out, the excerpt and tags stay; the publication date survives archiving.
    expect(archived).toMatchObject({ status: 'archived', excerpt: 'Edited excerpt', tags: ['Two', 'three'] });
    expect(archived.publishedAt).toBe(first.publishedAt);
    const again = ZKbArticle.parse(
      (
        await put({
          title: 'Edited title',
          content: 'x',
          categoryId: other.id,
          status: 'published',
          excerpt: '',
          tags: [],
        })
      ).body,
    );
    expect(again).toMatchObject({ status: 'published', excerpt: null, tags: [] });
    expect(again.publishedAt).toBe(first.publishedAt);
  });

  test('an article may stay in a deactivated category but not move into one', async () => {
    const soonInactive = await insertCategory();
    const inactive = await insertCategory({ isActive: false });
    const article = await postArticle(agent.client, soonInactive.id);
    await sql`update kb_categories set is_active = false where id = ${soonInactive.id}`;
    const stay = await agent.client.put(kbArticlePath(article.id), {
      title: 'Still here',
      content: 'x',
      categoryId: soonInactive.id,
    });
    expect(stay.status).toBe(200);
    const move = await agent.client.put(kbArticlePath(article.id), {
      title: 'Moving',
      content: 'x',
      categoryId: inactive.id,
    });
    expect(move.status).toBe(400);
    expect(errorOf(move).fields).toEqual({ categoryId: KB_MESSAGES.categoryNotFound });
    const [row] = await sql<{ title: string }[]>`select title from kb_articles where id = ${article.id}`;
    expect(row?.title).toBe('Still here');
  });

  test('bad ids, bodies and callers are refused and change nothing', async () => {
    const article = await postArticle(agent.client, category.id, { title: 'Untouched' });
    const snapshot = async () => (await sql`select * from kb_articles where id = ${article.id}`)[0];
    const before = await snapshot();
    const valid = { title: 'Changed', content: 'Changed', categoryId: category.id };

    const missing = await agent.client.put(kbArticlePath(crypto.randomUUID()), valid);
    expect(missing.status).toBe(404);
    expect(errorOf(missing)).toEqual({ code: ERROR_CODES.notFound, message: KB_MESSAGES.articleNotFound });
    const badId = await agent.client.put(kbArticlePath('123'), valid);
    expect(badId.status).toBe(400);
    expect(errorOf(badId).message).toBe('Invalid article ID format');
    for (const [body, field] of [
      [{ ...valid, slug: 'new-slug' }, 'slug'],
      [{ ...valid, authorId: endUser.user.id }, 'authorId'],
      [{ ...valid, viewCount: 5 }, 'viewCount'],
      [{ ...valid, title: '' }, 'title'],
      [{ ...valid, content: 'x'.repeat(100_001) }, 'content'],
      [{ ...valid, categoryId: crypto.randomUUID() }, 'categoryId'],
    ] as const) {
      const response = await agent.client.put(kbArticlePath(article.id), body);
      expect(response.status).toBe(400);
      expect(Object.keys(errorOf(response).fields ?? {})).toEqual([field]);
    }
    expect((await endUser.client.put(kbArticlePath(article.id), valid)).status).toBe(403);
    expect((await new TestClient().put(kbArticlePath(article.id), valid)).status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /api/kb/categories', () => {
  test('active categories in sortOrder then name, counting published articles only, for everyone', async () => {
    const late = await insertCategory({ name: 'Zeta', sortOrder: -50 });
    const early = await insertCategory({ name: 'Beta', sortOrder: -100 });
    const tie = await insertCategory({ name: 'Alpha', sortOrder: -50 });
    const hidden = await insertCategory({ sortOrder: -200, isActive: false });
    await postArticle(agent.client, late.id, { status: 'published' });
    await postArticle(agent.client, late.id, { status: 'published' });
    await postArticle(agent.client, late.id, { status: 'draft' });
    await postArticle(agent.client, late.id, { status: 'archived' });
    await postArticle(agent.client, tie.id, { status: 'draft' });

    for (const { client } of [endUser, agent, admin]) {
      const response = await client.get(API_PATHS.kbCategories);
      expect(response.status).toBe(200);
      const categories = ZKbCategoryListResponse.parse(response.body);
      expect(categories.some((c) => c.id === hidden.id)).toBe(false);
      const ours = categories.filter((c) => [late.id, early.id, tie.id].includes(c.id));
      expect(ours.map((c) => [c.name, c.articleCount])).toEqual([
        ['Beta', 0],
        ['Alpha', 0],
        ['Zeta', 2],
      ]);
      const orders = categories.map((c) => c.sortOrder);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
    }
    expect((await new TestClient().get(API_PATHS.kbCategories)).status).toBe(401);
  });
});

describe('GET /api/kb/articles', () => {
  test('by category, newest update first; the cursor walks every article once', async () => {
    const own = await insertCategory();
    const ids: string[] = [];
    for (let index = 0; index < 7; index++) {
      ids.push((await postArticle(agent.client, own.id, { status: index === 3 ? 'draft' : 'published' })).id);
    }
    // Same updated_at for three of them: ties are broken by id.
    await sql`update kb_articles set updated_at = now() - interval '1 day' where id in ${sql(ids.slice(4))}`;
    const expected = [...ids.slice(0, 4).reverse(), ...ids.slice(4).sort().reverse()];
    const walk = async (client: TestClient, extra = '') => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `categoryId=${own.id}&limit=3${extra}${cursor ? `&cursor=${cursor}` : ''}`;
        const response = await client.get(`${API_PATHS.kbArticles}?${query}`);
        expect(response.status).toBe(200);
        const page = ZKbArticleListResponse.parse(response.body);
        seen.push(...page.articles.map((a) => a.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 10);
      return seen;
    };
    expect(await walk(agent.client)).toEqual(expected);
    expect(await walk(endUser.client)).toEqual(expected.filter((id) => id !== ids[3]));
    expect(await walk(agent.client, '&status=draft')).toEqual(ids.slice(3, 4));
    const [first] = await listOf(endUser.client, `categoryId=${own.id}&limit=1`);
    expect(first).toMatchObject({
      category: { id: own.id, name: own.name },
      author: { id: agent.user.id, firstName: 'Test', lastName: agent.user.lastName },
    });
    expect(first && 'content' in first).toBe(false);
  });

  test('an unknown category is a 404; bad queries and tampered cursors are 400', async () => {
    const unknown = await endUser.client.get(`${API_PATHS.kbArticles}?categoryId=${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown)).toEqual({ code: ERROR_CODES.notFound, message: KB_MESSAGES.categoryNotFound });
    for (const query of [
      'categoryId=general',
      'limit=0',
      'limit=101',
      'limit=ten',
      'status=deleted',
      'isPopular=yes',
      'authorId=x',
      `cursor=${'x'.repeat(201)}`,
    ]) {
      const response = await agent.client.get(`${API_PATHS.kbArticles}?${query}`);
      expect(response.status).toBe(400);
      expect(errorOf(response).code).toBe(ERROR_CODES.validation);
    }
    const page = ZKbArticleListResponse.parse(
      (await agent.client.get(`${API_PATHS.kbArticles}?limit=1`)).body,
    );
    const updated = page.nextCursor ?? '';
    const popular = Buffer.from(`p|1|1|${crypto.randomUUID()}`).toString('base64url');
    const decoded = Buffer.from(updated, 'base64url').toString();
    const tampered = [
      'not a cursor!',
      'abc',
      Buffer.from(`u|2025-02-30 10:00:00.123456+00|${crypto.randomUUID()}`).toString('base64url'),
      Buffer.from(`${decoded}|extra`).toString('base64url'),
      Buffer.from(`u|'; drop table kb_articles; --|${crypto.randomUUID()}`).toString('base64url'),
      Buffer.from(`p|99999999999|1|${crypto.randomUUID()}`).toString('base64url'),
      Buffer.from(`p|-1|1|${crypto.randomUUID()}`).toString('base64url'),
    ];
    for (const bad of tampered) {
      const response = await agent.client.get(`${API_PATHS.kbArticles}?cursor=${encodeURIComponent(bad)}`);
      expect(response.status).toBe(400);
      expect(errorOf(response)).toEqual({
        code: ERROR_CODES.validation,
        message: KB_MESSAGES.invalidCursor,
        fields: { cursor: KB_MESSAGES.invalidCursor },
      });
    }
    // A cursor belongs to its list: the popular list's does not page the newest-first one, nor back.
    expect((await agent.client.get(`${API_PATHS.kbArticles}?cursor=${popular}`)).status).toBe(400);
    expect((await agent.client.get(`${API_PATHS.kbArticles}?isPopular=true&cursor=${popular}`)).status).toBe(
      200,
    );
    expect((await agent.client.get(`${API_PATHS.kbArticles}?isPopular=true&cursor=${updated}`)).status).toBe(
      400,
    );
    expect((await agent.client.get(`${API_PATHS.kbArticles}?cursor=${updated}`)).status).toBe(200);
  });
});

describe('GET /api/kb/articles/{id}', () => {
  test('reading a published article counts a view: viewCount, lastViewedAt, today’s row; updatedAt stays', async () => {
    // "Today's row" is the database's day: every read and the check below on one UTC day.
    await clearOfUtcMidnight(sql);
    const article = await postArticle(agent.client, category.id, { status: 'published' });
    const first = await endUser.client.get(kbArticlePath(article.id));
    expect(first.status).toBe(200);
    const read = ZKbArticle.parse(first.body);
    expect(read.viewCount).toBe(1);
    expect(Date.parse(read.lastViewedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(read.updatedAt).toBe(article.updatedAt);
    expect(read.content).toBe(article.content);

    // One view per person per article per day: ten reads by the agent count once, the reader's second none.
    await Promise.all(Array.from({ length: 10 }, () => agent.client.get(kbArticlePath(article.id))));
    const again = ZKbArticle.parse((await endUser.client.get(kbArticlePath(article.id))).body);
    expect(again.viewCount).toBe(2);
    expect(again.updatedAt).toBe(article.updatedAt);
    const [daily] = await sql<{ views: number }[]>`
      select views from kb_article_views where article_id = ${article.id} and viewed_on = current_date`;
    expect(daily?.views).toBe(2);
  }, 30_000);

  test('staff opening a draft or an archived article counts nothing; end users get 404 as for a missing id', async () => {
    const draft = await postArticle(agent.client, category.id, { status: 'draft' });
    const archived = await postArticle(agent.client, category.id, { status: 'archived' });
    const missing = await endUser.client.get(kbArticlePath(crypto.randomUUID()));
    expect(missing.status).toBe(404);
    expect(errorOf(missing)).toEqual({ code: ERROR_CODES.notFound, message: KB_MESSAGES.articleNotFound });
    for (const article of [draft, archived]) {
      const staff = await agent.client.get(kbArticlePath(article.id));
      expect(staff.status).toBe(200);
      expect(ZKbArticle.parse(staff.body)).toMatchObject({ viewCount: 0, lastViewedAt: null });
      const probe = await endUser.client.get(kbArticlePath(article.id));
      expect(probe.status).toBe(404);
      expect(probe.text).toBe(missing.text);
      const [row] = await sql<{ views: number; days: number }[]>`
        select a.view_count as views, (select count(*)::int from kb_article_views v where v.article_id = a.id) as days
        from kb_articles a where a.id = ${article.id}`;
      expect(row).toEqual({ views: 0, days: 0 });
    }
    const bad = await endUser.client.get(kbArticlePath('not-a-uuid'));
    expect(bad.status).toBe(400);
    expect(errorOf(bad).message).toBe('Invalid article ID format');
    expect((await new TestClient().get(kbArticlePath(draft.id))).status).toBe(401);
  });
  test("an end user's read of an inactive category's article is a 404 that counts nothing; staff's counts", async () => {
    const closed = await insertCategory();
    const article = await postArticle(agent.client, closed.id, { status: 'published' });
    await sql`update kb_categories set is_active = false where id = ${closed.id}`;
    const views = async () => {
      const [row] = await sql<{ views: number; readers: number }[]>`
        select a.view_count as views,
               (select count(*)::int from kb_article_viewers v where v.article_id = a.id) as readers
        from kb_articles a where a.id = ${article.id}`;
      return row;
    };
    const probe = await endUser.client.get(kbArticlePath(article.id));
    expect(probe.status).toBe(404);
    expect(errorOf(probe)).toEqual({ code: ERROR_CODES.notFound, message: KB_MESSAGES.articleNotFound });
    expect(await views()).toEqual({ views: 0, readers: 0 });
    const staff = await agent.client.get(kbArticlePath(article.id));
    expect(staff.status).toBe(200);
    expect(ZKbArticle.parse(staff.body).viewCount).toBe(1);
    expect(await views()).toEqual({ views: 1, readers: 1 });
  });
});

describe('the popular rule', () => {
  test('flagged published articles, plus the top 5 by views in the last 30 days; reading changes it', async () => {
    // Reading is placed on days 0 to 30 ago and the window ends at day 29: after a midnight the
    // first request moves the window, and the sixth's day 29 would leave it before it is read.
    await clearOfUtcMidnight(sql);
    const own = await insertCategory();
    const make = async (status: 'published' | 'draft' = 'published') =>
      (await postArticle(agent.client, own.id, { status })).id;
    const top = [await make(), await make(), await make(), await make(), await make()];
    const sixth = await make();
    const stale = await make();
    const unread = await make();
    const draft = await make('draft');
    // Far more reading than any other test does, so these decide the top 5 of the whole database.
    for (const [index, id] of top.entries()) await addDailyViews(id, index, 1_000_000 + 10 * (5 - index));
    await addDailyViews(sixth, 29, 1_000_000);
    await addDailyViews(stale, 30, 9_000_000);
    await addDailyViews(draft, 0, 9_000_000);
    const flagged = await make();
    await sql`update kb_articles set is_popular = true where id = ${flagged}`;
    const flaggedDraft = await make('draft');
    await sql`update kb_articles set is_popular = true where id = ${flaggedDraft}`;

    const popularIds = async (client: TestClient) => {
      const response = await client.get(
        `${API_PATHS.kbArticles}?isPopular=true&categoryId=${own.id}&limit=100`,
      );
      expect(response.status).toBe(200);
      return ZKbArticleListResponse.parse(response.body).articles.map((a) => a.id);
    };
    expect(await popularIds(endUser.client)).toEqual([...top, flagged]);
    expect(await popularIds(agent.client)).toEqual([...top, flagged]);
    const isPopular = async (id: string) =>
      ZKbArticle.parse((await agent.client.get(kbArticlePath(id))).body).isPopular;
    expect(await isPopular(top[0] ?? '')).toBe(true);
    expect(await isPopular(sixth)).toBe(false);
    expect(await isPopular(stale)).toBe(false);
    expect(await isPopular(unread)).toBe(false);
    expect(await isPopular(draft)).toBe(false);
    expect(await isPopular(flaggedDraft)).toBe(false);
    expect(await isPopular(flagged)).toBe(true);
    const list = await listOf(agent.client, `categoryId=${own.id}&limit=100`);
    expect(
      list
        .filter((a) => a.isPopular)
        .map((a) => a.id)
        .sort(),
    ).toEqual([...top, flagged].sort());
    const notPopular = await listOf(agent.client, `categoryId=${own.id}&isPopular=false&limit=100`);
    expect(notPopular.map((a) => a.id).sort()).toEqual([sixth, stale, unread, draft, flaggedDraft].sort());

    // Real reading: the sixth is read through the API until it passes the fifth (1,000,010 views;
    // the checks above read the first, the sixth and others once each, like every GET by id does).
    await addDailyViews(sixth, 0, 10);
    // Two people who have not read it yet today (one person's reads count once a day).
    for (const reader of await Promise.all([signedIn('end_user'), signedIn('end_user')])) {
      expect((await reader.client.get(kbArticlePath(sixth))).status).toBe(200);
    }
    expect(await isPopular(sixth)).toBe(true);
    expect(await isPopular(top[4] ?? '')).toBe(false);
    expect(await popularIds(endUser.client)).toEqual([...top.slice(0, 4), sixth, flagged]);

    // The default popular list of the home page: at most 5, most read first, published only.
    const home = ZKbArticleListResponse.parse(
      (await endUser.client.get(`${API_PATHS.kbArticles}?isPopular=true&limit=5`)).body,
    );
    expect(home.articles.map((a) => a.id)).toEqual([...top.slice(0, 4), sixth]);
    expect(home.nextCursor).not.toBeNull();
    const next = ZKbArticleListResponse.parse(
      (await endUser.client.get(`${API_PATHS.kbArticles}?isPopular=true&limit=5&cursor=${home.nextCursor}`))
        .body,
    );
    expect(next.articles.every((a) => a.isPopular && a.status === 'published')).toBe(true);
    expect(next.articles.some((a) => home.articles.some((h) => h.id === a.id))).toBe(false);
    expect(next.articles.map((a) => a.id)).toContain(flagged);
  }, 30_000);
  test("a read leaves a day-old window as it is; the worker's round moves it: reading older than 30 days stops counting", async () => {
    // The state below is set relative to today: a real midnight before the round would move it.
    await clearOfUtcMidnight(sql);
    const own = await insertCategory();
    const article = await postArticle(agent.client, own.id, { status: 'published' });
    await addDailyViews(article.id, 30, 80_000_000);
    // The state a day without a move leaves: the window still starts 30 days ago.
    await sql.begin(async (tx) => {
      await tx`update kb_view_window set starts_on = current_date - 30`;
      await tx`delete from kb_article_recent_views`;
      await tx`
        insert into kb_article_recent_views (article_id, views)
        select article_id, sum(views)::int from kb_article_views where viewed_on >= current_date - 30
        group by article_id`;
    });
    const [before] = await sql<{ isTop: boolean }[]>`
      select article_id = ${article.id} as "isTop" from kb_article_recent_views order by views desc limit 1`;
    expect(before?.isTop).toBe(true);
    const windowState = () => sql<{ views: number | null; isCurrent: boolean }[]>`
      select (select views from kb_article_recent_views where article_id = ${article.id}) as views,
             (select starts_on = current_date - 29 from kb_view_window) as "isCurrent"`;
    // Lists, a search and an article read the window as it stands and write nothing to it.
    expect((await listOf(endUser.client, `categoryId=${own.id}`)).map((a) => [a.id, a.isPopular])).toEqual([
      [article.id, true],
    ]);
    expect((await endUser.client.get(`${API_PATHS.kbArticlesSearch}?q=anything`)).status).toBe(200);
    const elsewhere = await postArticle(agent.client, category.id, { status: 'published' });
    expect((await endUser.client.get(kbArticlePath(elsewhere.id))).status).toBe(200);
    expect([...(await windowState())]).toEqual([{ views: 80_000_000, isCurrent: false }]);

    const task = createWorkerTasks(testConfig).find((candidate) => candidate.name === 'kb-view-window');
    const context = {
      config: testConfig,
      log: { info: () => {}, error: () => {} },
      signal: new AbortController().signal,
    };
    expect(await task?.run(context)).toEqual({ handled: 1, isBatchFull: false });
    expect(await task?.run(context)).toEqual({ handled: 0, isBatchFull: false });
    const list = await listOf(endUser.client, `categoryId=${own.id}`);
    expect(list.map((a) => [a.id, a.isPopular])).toEqual([[article.id, false]]);
    const [after] = await windowState();
    expect(after).toEqual({ views: null, isCurrent: true });
  }, 30_000);
});

describe('nothing unpublished leaks to an end user', () => {
  test('canary draft and archived articles appear in no end-user answer', async () => {
    const own = await insertCategory();
    const visible = await postArticle(agent.client, own.id, {
      status: 'published',
      title: 'Visible article',
    });
    const canaries = [];
    for (const status of ['draft', 'archived'] as const) {
      const words = [uniqueWord(), uniqueWord(), uniqueWord(), uniqueWord()];
      const article = await postArticle(agent.client, own.id, {
        status: 'published',
        title: `Canary ${words[0]}`,
        excerpt: `Excerpt ${words[1]}`,
        content: `Body ${words[2]}`,
        tags: [words[3] ?? ''],
      });
      // Once published and widely read, then unpublished: the worst case for a leak.
      await addDailyViews(article.id, 0, 50_000_000);
      await sql`update kb_articles set is_popular = true, view_count = 50000000 where id = ${article.id}`;
      await setStatus(article.id, status);
      canaries.push({ article, words });
    }
    const secrets = canaries.flatMap(({ article, words }) => [article.id, article.slug, ...words]);
    const searches = canaries.flatMap(({ words }) => words);
    const paths = [
      API_PATHS.kbCategories,
      `${API_PATHS.kbArticles}?categoryId=${own.id}`,
      `${API_PATHS.kbArticles}?categoryId=${own.id}&status=all`,
      `${API_PATHS.kbArticles}?categoryId=${own.id}&status=draft`,
      `${API_PATHS.kbArticles}?categoryId=${own.id}&status=archived`,
      `${API_PATHS.kbArticles}?limit=100`,
      `${API_PATHS.kbArticles}?isPopular=true&limit=100`,
      `${API_PATHS.kbArticles}?isPopular=true&status=all&limit=100`,
      ...searches.flatMap((word) => [
        `${API_PATHS.kbArticlesSearch}?q=${word}`,
        `${API_PATHS.kbArticlesSearch}?q=${word}&status=all`,
        `${API_PATHS.kbArticlesSearch}?q=${word}&status=draft`,
        `${API_PATHS.kbArticlesSearch}?q=${word.slice(0, -2)}`,
      ]),
    ];
    for (const path of paths) {
      const response = await endUser.client.get(path);
      expect(response.status).toBe(200);
      for (const secret of secrets) expect(response.text).not.toContain(secret);
    }
    const categories = ZKbCategoryListResponse.parse((await endUser.client.get(API_PATHS.kbCategories)).body);
    expect(categories.find((c) => c.id === own.id)?.articleCount).toBe(1);
    const missing = await endUser.client.get(kbArticlePath(crypto.randomUUID()));
    for (const { article } of canaries) {
      const probe = await endUser.client.get(kbArticlePath(article.id));
      expect(probe.status).toBe(404);
      expect(probe.text).toBe(missing.text);
    }
    expect((await listOf(endUser.client, `categoryId=${own.id}`)).map((a) => a.id)).toEqual([visible.id]);

    // The same requests as staff do see the canaries: the probes above can fail.
    const staffList = await agent.client.get(`${API_PATHS.kbArticles}?categoryId=${own.id}`);
    for (const { article } of canaries) expect(staffList.text).toContain(article.id);
    const staffSearch = await agent.client.get(
      `${API_PATHS.kbArticlesSearch}?q=${canaries[0]?.words[2]}&status=all`,
    );
    expect(staffSearch.text).toContain(canaries[0]?.article.id ?? 'missing');
  });
});
