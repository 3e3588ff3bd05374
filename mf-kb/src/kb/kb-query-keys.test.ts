import { describe, expect, test } from 'bun:test';
import { API_PATHS, type TKbArticle } from '@helpdesk/contracts';
import { kbSearchKey, queryKeyToUrl } from '@helpdesk/shared-ui';
import { QueryClient } from '@tanstack/react-query';
import {
  articleKey,
  categoryArticlesKey,
  isArticleListKey,
  isArticleSearchKey,
  KB_CATEGORIES_KEY,
  POPULAR_ARTICLES_KEY,
  refreshAfterArticleChange,
} from './kb-query-keys.ts';

const id = '6c1f1f3e-9d7b-4a57-b1c6-0d6a3c2e5f10';
const categoryId = '0b8a4d5e-1f2a-4c3b-9d8e-7f6a5b4c3d2e';

describe('query keys', () => {
  test('the default query function turns them into the API calls', () => {
    expect(queryKeyToUrl(KB_CATEGORIES_KEY)).toBe('/api/kb/categories');
    expect(queryKeyToUrl(POPULAR_ARTICLES_KEY)).toBe('/api/kb/articles?isPopular=true&limit=5');
    expect(queryKeyToUrl(categoryArticlesKey(categoryId))).toBe(`/api/kb/articles?categoryId=${categoryId}`);
    expect(queryKeyToUrl(articleKey(id))).toBe(`/api/kb/articles/${id}`);
  });

  test('lists and searches are told apart from a single article', () => {
    expect(isArticleListKey(POPULAR_ARTICLES_KEY)).toBe(true);
    expect(isArticleListKey(categoryArticlesKey(categoryId))).toBe(true);
    expect(isArticleListKey(articleKey(id))).toBe(false);
    expect(isArticleListKey(KB_CATEGORIES_KEY)).toBe(false);
    expect(isArticleSearchKey(kbSearchKey('vpn'))).toBe(true);
    expect(isArticleSearchKey(kbSearchKey('vpn', 3))).toBe(true);
    expect(isArticleSearchKey(POPULAR_ARTICLES_KEY)).toBe(false);
  });
});

const article: TKbArticle = {
  id,
  title: 'Old title',
  slug: 'old-title-1763700000000',
  excerpt: null,
  categoryId,
  status: 'published',
  tags: [],
  isPopular: false,
  viewCount: 7,
  publishedAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  category: { id: categoryId, name: 'Network & VPN' },
  author: { id, firstName: 'Ada', lastName: 'Agent' },
  content: 'Body',
  lastViewedAt: null,
  revision: 1,
};

describe('refreshAfterArticleChange', () => {
  function seeded() {
    const client = new QueryClient();
    const keys = [
      KB_CATEGORIES_KEY,
      POPULAR_ARTICLES_KEY,
      categoryArticlesKey(categoryId),
      kbSearchKey('vpn'),
      kbSearchKey('vpn', 3),
      articleKey(id),
      [API_PATHS.tickets, { status: 'all' }],
    ];
    for (const key of keys) client.setQueryData(key, key === keys[5] ? article : { cached: true });
    const invalidated = () =>
      client
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.isInvalidated)
        .map((q) => queryKeyToUrl(q.queryKey))
        .sort();
    return { client, invalidated };
  }

  test('a new article invalidates counts, lists and searches, never an article page', async () => {
    const { client, invalidated } = seeded();
    await refreshAfterArticleChange(client, null);
    expect(invalidated()).toEqual(
      [
        '/api/kb/categories',
        '/api/kb/articles?isPopular=true&limit=5',
        `/api/kb/articles?categoryId=${categoryId}`,
        '/api/kb/articles/search?q=vpn',
        '/api/kb/articles/search?q=vpn&limit=3',
      ].sort(),
    );
  });

  test('a saved article replaces its cached page without reading it again (a read counts a view)', async () => {
    const { client, invalidated } = seeded();
    const saved = { ...article, title: 'New title', viewCount: 8 };
    await refreshAfterArticleChange(client, saved);
    expect(client.getQueryData(articleKey(id))).toMatchObject({ title: 'New title', viewCount: 8 });
    expect(invalidated()).not.toContain(`/api/kb/articles/${id}`);
  });

  test('an article page that was never opened is not created by a save', async () => {
    const client = new QueryClient();
    await refreshAfterArticleChange(client, article);
    expect(client.getQueryData(articleKey(id))).toBeUndefined();
  });
});
