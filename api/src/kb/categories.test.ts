import { beforeAll, describe, expect, test } from 'bun:test';
import {
  API_PATHS,
  ERROR_CODES,
  KB_CATEGORY_ICONS,
  KB_CATEGORY_LIMITS,
  KB_CATEGORY_MESSAGES,
  KB_MESSAGES,
  kbArticlePath,
  kbCategoryPath,
  type TKbManagedCategory,
  ZKbArticle,
  ZKbArticleListResponse,
  ZKbCategoryListResponse,
  ZKbManagedCategory,
  ZKbManagedCategoryListResponse,
  ZKbSearchResponse,
} from '@helpdesk/contracts';
import { errorOf, signedIn, sql, TestClient, type TestUser, withRateLimitScale } from '../../test/helpers.ts';
import { categorySlugBase, firstFreeSlug, placeAt } from './category-slug.ts';
import { postArticle, uniqueWord } from './test-fixtures.ts';

type Signed = { user: TestUser; client: TestClient };
let endUser: Signed;
let agent: Signed;
let admin: Signed;

beforeAll(async () => {
  [endUser, agent, admin] = await Promise.all([signedIn('end_user'), signedIn('agent'), signedIn('admin')]);
});

const del = (client: TestClient, path: string) => client.request('DELETE', path);

async function create(client: TestClient, body: Record<string, unknown>): Promise<TKbManagedCategory> {
  const response = await client.post(API_PATHS.kbCategories, body);
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${response.text}`);
  return ZKbManagedCategory.parse(response.body);
}

async function managed(): Promise<TKbManagedCategory[]> {
  const response = await agent.client.get(API_PATHS.kbCategoriesManage);
  expect(response.status).toBe(200);
  return ZKbManagedCategoryListResponse.parse(response.body);
}

const snapshot = () =>
  sql<{ id: string; name: string; slug: string; sortOrder: number; isActive: boolean }[]>`
    select id, name, slug, sort_order as "sortOrder", is_active as "isActive" from kb_categories order by id`;

const audits = (action: string, categoryId: string) =>
  sql<{ adminUserId: string; details: Record<string, unknown> }[]>`
    select admin_user_id as "adminUserId", details from admin_audit_logs
    where action = ${action} and details->>'categoryId' = ${categoryId}`;

describe('slugs and positions (pure rules)', () => {
  test('a slug is the name in lowercase ASCII words joined by hyphens', () => {
    expect(categorySlugBase('  Network & VPN!! ', 50)).toBe('network-vpn');
    expect(categorySlugBase('Café Wi-Fi', 50)).toBe('cafe-wi-fi');
    expect(categorySlugBase('Сеть', 50)).toBe('category');
    expect(categorySlugBase('<script>alert(1)</script>', 50)).toBe('script-alert-1-script');
    expect(categorySlugBase(`${'a'.repeat(10)} b`, 11)).toBe('aaaaaaaaaa');
  });

  test('a taken slug gets -2, -3 ...', () => {
    expect(firstFreeSlug('email', new Set())).toBe('email');
    expect(firstFreeSlug('email', new Set(['email']))).toBe('email-2');
    expect(firstFreeSlug('email', new Set(['email', 'email-2', 'email-4']))).toBe('email-3');
  });

  test('placeAt moves one id to a position, clamped to the list', () => {
    expect(placeAt(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b']);
    expect(placeAt(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(placeAt(['a', 'b', 'c'], 'a', 99)).toEqual(['b', 'c', 'a']);
    expect(placeAt(['a', 'b'], 'new', 1)).toEqual(['a', 'new', 'b']);
  });
});

describe('POST /api/kb/categories', () => {
  test('staff create a category: 201, slug from the name, placed last, default icon, audited', async () => {
    const name = `Printers ${uniqueWord()}`;
    const before = await managed();
    const category = await create(agent.client, { name, description: ' Paper jams ' });
    expect(category).toMatchObject({
      name,
      slug: categorySlugBase(name, 200),
      description: 'Paper jams',
      icon: 'BookOpen',
      isActive: true,
      sortOrder: before.length,
      articleCount: 0,
      totalArticleCount: 0,
    });
    const [row] = await audits('kb_category.created', category.id);
    expect(row?.adminUserId).toBe(agent.user.id);
    expect(row?.details).toMatchObject({ name, slug: category.slug, icon: 'BookOpen' });
    // The readers' list shows it too.
    const list = ZKbCategoryListResponse.parse((await endUser.client.get(API_PATHS.kbCategories)).body);
    expect(list.map((c) => c.id)).toContain(category.id);
  });

  test('a clashing slug gets -2; the same name in another case is 409 and nothing is created', async () => {
    const word = uniqueWord();
    const first = await create(admin.client, { name: `${word} Mail`, icon: 'Mail' });
    const second = await create(admin.client, { name: `${word} mail!`, icon: 'Mail' });
    expect(second.slug).toBe(`${first.slug}-2`);
    const before = await snapshot();
    const response = await agent.client.post(API_PATHS.kbCategories, {
      name: `  ${word.toUpperCase()} MAIL `,
    });
    expect(response.status).toBe(409);
    expect(errorOf(response)).toMatchObject({
      code: ERROR_CODES.conflict,
      message: KB_CATEGORY_MESSAGES.nameExists,
    });
    expect(await snapshot()).toEqual(before);
  });

  test('a sortOrder places it there and moves the others down, numbered 0, 1, 2 ...', async () => {
    const category = await create(agent.client, { name: `First ${uniqueWord()}`, sortOrder: 0 });
    const all = await managed();
    expect(all[0]?.id).toBe(category.id);
    expect(all.map((c) => c.sortOrder)).toEqual(all.map((_, index) => index));
  });

  test('bad input is a 400 naming the field, and nothing changes', async () => {
    const before = await snapshot();
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(KB_CATEGORY_LIMITS.nameMax + 1) }, 'name'],
      [{ name: 'Zero\u200bwidth' }, 'name'],
      [{ name: 'Line\nbreak' }, 'name'],
      [{ name: 42 }, 'name'],
      [{ name: 'Fine', icon: 'Skull' }, 'icon'],
      [{ name: 'Fine', icon: 'constructor' }, 'icon'],
      [{ name: 'Fine', description: 'd'.repeat(KB_CATEGORY_LIMITS.descriptionMax + 1) }, 'description'],
      [{ name: 'Fine', sortOrder: -1 }, 'sortOrder'],
      [{ name: 'Fine', sortOrder: 1.5 }, 'sortOrder'],
      [{ name: 'Fine', sortOrder: KB_CATEGORY_LIMITS.sortOrderMax + 1 }, 'sortOrder'],
      [{ name: 'Fine', slug: 'chosen' }, 'slug'],
      [{ name: 'Fine', isActive: false }, 'isActive'],
    ];
    for (const [body, field] of cases) {
      const response = await agent.client.post(API_PATHS.kbCategories, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(errorOf(response).fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const unknownIcon = await agent.client.post(API_PATHS.kbCategories, { name: 'Fine', icon: 'Skull' });
    expect(errorOf(unknownIcon).fields?.icon).toBe(KB_CATEGORY_MESSAGES.unknownIcon);
    expect(await snapshot()).toEqual(before);
  });

  test('hostile names are stored as text and come back unchanged', async () => {
    const name = `<img src=x onerror=alert(1)> '; drop table kb_categories; -- ${uniqueWord()}`;
    const category = await create(agent.client, { name, description: '<script>alert(1)</script>' });
    expect(category.name).toBe(name);
    expect(category.description).toBe('<script>alert(1)</script>');
    expect(category.slug).toMatch(/^[a-z0-9-]+$/);
  });

  test('every allowed icon is accepted', async () => {
    const word = uniqueWord();
    for (const icon of KB_CATEGORY_ICONS.slice(0, 3)) {
      expect((await create(agent.client, { name: `${word} ${icon}`, icon })).icon).toBe(icon);
    }
  });

  test('end users are refused (403) and anonymous callers 401; nothing is created', async () => {
    const before = await snapshot();
    expect((await endUser.client.post(API_PATHS.kbCategories, { name: 'Mine' })).status).toBe(403);
    expect((await endUser.client.get(API_PATHS.kbCategoriesManage)).status).toBe(403);
    const anonymous = new TestClient();
    expect((await anonymous.post(API_PATHS.kbCategories, { name: 'Mine' })).status).toBe(401);
    expect((await anonymous.get(API_PATHS.kbCategoriesManage)).status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  test('a flood of creates hits the write limit: 429 with Retry-After, nothing more created', async () => {
    const flooder = await signedIn('agent');
    const taken = await create(agent.client, { name: `Taken ${uniqueWord()}` });
    await withRateLimitScale(0.05, async () => {
      const word = uniqueWord();
      // Refusals spend nothing: three clashing names leave the whole budget of three.
      for (let n = 0; n < 3; n++) {
        expect((await flooder.client.post(API_PATHS.kbCategories, { name: taken.name })).status).toBe(409);
      }
      const statuses: number[] = [];
      for (let n = 0; n < 5; n++) {
        statuses.push((await flooder.client.post(API_PATHS.kbCategories, { name: `${word} ${n}` })).status);
      }
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      const refused = await flooder.client.post(API_PATHS.kbCategories, { name: `${word} more` });
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(errorOf(refused).message).toContain('too many times');
      const [row] = await sql<{ count: number }[]>`
        select count(*)::int as count from kb_categories where name like ${`${word}%`}`;
      expect(row?.count).toBe(3);
    });
  });
});

describe('PATCH /api/kb/categories/{id}', () => {
  test('rename keeps the slug; description, icon change; each change audited with before and after', async () => {
    const category = await create(agent.client, { name: `Old ${uniqueWord()}` });
    const name = `New ${uniqueWord()}`;
    const response = await admin.client.patch(kbCategoryPath(category.id), {
      name,
      description: 'Now described',
      icon: 'Wrench',
    });
    expect(response.status).toBe(200);
    expect(ZKbManagedCategory.parse(response.body)).toMatchObject({
      name,
      slug: category.slug,
      description: 'Now described',
      icon: 'Wrench',
    });
    const [row] = await audits('kb_category.updated', category.id);
    expect(row?.details).toMatchObject({
      changes: {
        name: { from: category.name, to: name },
        description: { from: null, to: 'Now described' },
        icon: { from: 'BookOpen', to: 'Wrench' },
      },
    });
    const cleared = await agent.client.patch(kbCategoryPath(category.id), { description: '' });
    expect(ZKbManagedCategory.parse(cleared.body).description).toBeNull();
  });

  test('sortOrder moves it to that position; the others keep their order', async () => {
    const a = await create(agent.client, { name: `A ${uniqueWord()}`, sortOrder: 0 });
    const b = await create(agent.client, { name: `B ${uniqueWord()}`, sortOrder: 1 });
    const moved = await agent.client.patch(kbCategoryPath(b.id), { sortOrder: 0 });
    expect(ZKbManagedCategory.parse(moved.body).sortOrder).toBe(0);
    const all = await managed();
    expect(all.slice(0, 2).map((c) => c.id)).toEqual([b.id, a.id]);
    expect(all.map((c) => c.sortOrder)).toEqual(all.map((_, index) => index));
    const [row] = await audits('kb_category.updated', b.id);
    expect(row?.details).toMatchObject({ changes: { sortOrder: { from: 1, to: 0 } } });
  });

  test('a name another category has (any case) is 409; unknown id 404; bad input 400; nothing changes', async () => {
    const one = await create(agent.client, { name: `One ${uniqueWord()}` });
    const two = await create(agent.client, { name: `Two ${uniqueWord()}` });
    const before = await snapshot();
    const clash = await agent.client.patch(kbCategoryPath(two.id), { name: one.name.toLowerCase() });
    expect(clash.status).toBe(409);
    expect(errorOf(clash).message).toBe(KB_CATEGORY_MESSAGES.nameExists);
    const missing = await agent.client.patch(kbCategoryPath(crypto.randomUUID()), { name: 'Ghost' });
    expect(missing.status).toBe(404);
    expect(errorOf(missing).message).toBe(KB_MESSAGES.categoryNotFound);
    for (const body of [
      {},
      { icon: 'Skull' },
      { isActive: 'no' },
      { name: '' },
      { slug: 'x' },
      { sortOrder: -5 },
    ]) {
      expect((await agent.client.patch(kbCategoryPath(two.id), body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await agent.client.patch(`${API_PATHS.kbCategories}/not-a-uuid`, { name: 'x' })).status).toBe(
      400,
    );
    expect((await endUser.client.patch(kbCategoryPath(two.id), { name: 'Mine' })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe('deactivating a category', () => {
  test("its articles leave end users' lists, search, popular list and direct reads; staff still see them", async () => {
    const word = uniqueWord();
    const category = await create(agent.client, { name: `Hidden ${word}` });
    const article = await postArticle(agent.client, category.id, {
      title: `Article ${word}`,
      status: 'published',
    });
    const off = await agent.client.patch(kbCategoryPath(category.id), { isActive: false });
    expect(ZKbManagedCategory.parse(off.body).isActive).toBe(false);

    const readers = ZKbCategoryListResponse.parse((await endUser.client.get(API_PATHS.kbCategories)).body);
    expect(readers.map((c) => c.id)).not.toContain(category.id);
    expect((await endUser.client.get(kbArticlePath(article.id))).status).toBe(404);
    const search = await endUser.client.get(`${API_PATHS.kbArticlesSearch}?q=${word}`);
    expect(ZKbSearchResponse.parse(search.body).articles).toEqual([]);
    const popular = await endUser.client.get(`${API_PATHS.kbArticles}?isPopular=true&limit=100`);
    expect(ZKbArticleListResponse.parse(popular.body).articles.map((a) => a.id)).not.toContain(article.id);
    const byCategory = await endUser.client.get(`${API_PATHS.kbArticles}?categoryId=${category.id}`);
    expect(ZKbArticleListResponse.parse(byCategory.body).articles).toEqual([]);

    const staffRead = await agent.client.get(kbArticlePath(article.id));
    expect(staffRead.status).toBe(200);
    expect(ZKbArticle.parse(staffRead.body).category).toEqual({
      id: category.id,
      name: category.name,
      isActive: false,
    });
    const staffSearch = await agent.client.get(`${API_PATHS.kbArticlesSearch}?q=${word}`);
    expect(ZKbSearchResponse.parse(staffSearch.body).articles.map((a) => a.id)).toEqual([article.id]);
    expect((await managed()).find((c) => c.id === category.id)?.isActive).toBe(false);

    await agent.client.patch(kbCategoryPath(category.id), { isActive: true });
    expect((await endUser.client.get(kbArticlePath(article.id))).status).toBe(200);
  });
});

describe('DELETE /api/kb/categories/{id}', () => {
  test('an empty category is deleted (204), the rest renumbered, audited', async () => {
    const category = await create(agent.client, { name: `Empty ${uniqueWord()}`, sortOrder: 0 });
    const response = await del(admin.client, kbCategoryPath(category.id));
    expect(response.status).toBe(204);
    const all = await managed();
    expect(all.map((c) => c.id)).not.toContain(category.id);
    expect(all.map((c) => c.sortOrder)).toEqual(all.map((_, index) => index));
    const [row] = await audits('kb_category.deleted', category.id);
    expect(row?.details).toMatchObject({ name: category.name, slug: category.slug });
  });

  test('one with any article (even a draft or an archived one) is 409 with the count; nothing changes', async () => {
    const category = await create(agent.client, { name: `Full ${uniqueWord()}` });
    await postArticle(agent.client, category.id, { status: 'draft' });
    await postArticle(agent.client, category.id, { status: 'archived' });
    const before = await snapshot();
    const response = await del(agent.client, kbCategoryPath(category.id));
    expect(response.status).toBe(409);
    expect(errorOf(response).message).toBe(KB_CATEGORY_MESSAGES.hasArticles(2));
    expect(await snapshot()).toEqual(before);
  });

  test('unknown id 404, bad id 400, end users 403', async () => {
    expect((await del(agent.client, kbCategoryPath(crypto.randomUUID()))).status).toBe(404);
    expect((await del(agent.client, `${API_PATHS.kbCategories}/1`)).status).toBe(400);
    const category = await create(agent.client, { name: `Kept ${uniqueWord()}` });
    expect((await del(endUser.client, kbCategoryPath(category.id))).status).toBe(403);
    expect((await managed()).map((c) => c.id)).toContain(category.id);
  });
});

describe('articles: Show as popular, archive, delete', () => {
  test('isPopular is optional: a PUT without it keeps the flag; with it sets it', async () => {
    const category = await create(agent.client, { name: `Pop ${uniqueWord()}` });
    const article = await postArticle(agent.client, category.id, { status: 'published' });
    expect(article.isMarkedPopular).toBe(false);
    const body = {
      title: article.title,
      content: article.content,
      categoryId: category.id,
      status: 'published',
    };
    const marked = await agent.client.put(kbArticlePath(article.id), { ...body, isPopular: true });
    expect(ZKbArticle.parse(marked.body)).toMatchObject({ isMarkedPopular: true, isPopular: true });
    const kept = await agent.client.put(kbArticlePath(article.id), body);
    expect(ZKbArticle.parse(kept.body).isMarkedPopular).toBe(true);
    expect((await agent.client.put(kbArticlePath(article.id), { ...body, isPopular: 'yes' })).status).toBe(
      400,
    );
  });

  test("an archived article leaves end users' view; staff still read it", async () => {
    const word = uniqueWord();
    const category = await create(agent.client, { name: `Arch ${word}` });
    const article = await postArticle(agent.client, category.id, {
      title: `Gone ${word}`,
      status: 'published',
    });
    await agent.client.put(kbArticlePath(article.id), {
      title: article.title,
      content: article.content,
      categoryId: category.id,
      status: 'archived',
    });
    expect((await endUser.client.get(kbArticlePath(article.id))).status).toBe(404);
    const search = await endUser.client.get(`${API_PATHS.kbArticlesSearch}?q=${word}`);
    expect(ZKbSearchResponse.parse(search.body).articles).toEqual([]);
    expect((await agent.client.get(kbArticlePath(article.id))).status).toBe(200);
  });

  test('admins delete an article (204, audited, its category can then go); agents and end users 403; unknown 404', async () => {
    const category = await create(agent.client, { name: `Del ${uniqueWord()}` });
    const article = await postArticle(agent.client, category.id);
    expect((await del(agent.client, kbArticlePath(article.id))).status).toBe(403);
    expect((await del(endUser.client, kbArticlePath(article.id))).status).toBe(403);
    expect((await agent.client.get(kbArticlePath(article.id))).status).toBe(200);
    expect((await del(admin.client, kbArticlePath(article.id))).status).toBe(204);
    expect((await agent.client.get(kbArticlePath(article.id))).status).toBe(404);
    expect((await del(admin.client, kbArticlePath(article.id))).status).toBe(404);
    expect((await del(admin.client, `${API_PATHS.kbArticles}/nope`)).status).toBe(400);
    const [row] = await sql<{ details: Record<string, unknown> }[]>`
      select details from admin_audit_logs where action = 'kb_article.deleted' and details->>'articleId' = ${article.id}`;
    expect(row?.details).toMatchObject({ title: article.title, categoryId: category.id });
    expect((await del(admin.client, kbCategoryPath(category.id))).status).toBe(204);
  });
});
