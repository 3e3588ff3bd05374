import { beforeAll, describe, expect, test } from 'bun:test';
import {
  type TKbArticleListResponse,
  type TKbSearchResponse,
  ZKbArticleListQuery,
  ZKbArticleListResponse,
  ZKbSearchQuery,
  ZKbSearchResponse,
} from '@helpdesk/contracts';
import { signedIn, sql, type TestClient, type TestUser } from '../../test/helpers.ts';
import { checkJsonText } from '../json-text.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { selectArticlePage } from './queries.ts';
import { listArticles, searchArticles } from './service.ts';
import { insertCategory, postArticle, uniqueWord } from './test-fixtures.ts';

/**
 * The knowledge base's lists and search answer bodies PostgreSQL renders: on fixtures holding what
 * end users must never get (drafts, archived articles, an inactive category's articles) and what
 * nobody may (the author's password hash), each scope's body passes its contract strictly and
 * carries none of it.
 */

type Signed = { user: TestUser; client: TestClient };
let word = '';
let endUser: Signed;
let agent: Signed;
let admin: Signed;
let categoryId = '';
const hidden = {
  draft: uniqueWord('kbdraft'),
  archived: uniqueWord('kbarchived'),
  inactive: uniqueWord('kbinactive'),
};
let authorHash = '';

beforeAll(async () => {
  word = uniqueWord('kbrendered');
  [endUser, agent, admin] = await Promise.all([signedIn('end_user'), signedIn('agent'), signedIn('admin')]);
  categoryId = (await insertCategory()).id;
  const inactive = (await insertCategory()).id;
  const published = await postArticle(agent.client, categoryId, {
    title: `Reset ${word}`,
    excerpt: `Short ${word}`,
    tags: [word],
    status: 'published',
  });
  await sql`update kb_articles set is_popular = true where id = ${published.id}`;
  await postArticle(agent.client, categoryId, { title: `Draft ${word} ${hidden.draft}`, status: 'draft' });
  await postArticle(agent.client, categoryId, {
    title: `Old ${word} ${hidden.archived}`,
    status: 'archived',
  });
  await postArticle(agent.client, inactive, {
    title: `Gone ${word} ${hidden.inactive}`,
    status: 'published',
  });
  await sql`update kb_categories set is_active = false where id = ${inactive}`;
  const [author] = await sql<
    { hash: string }[]
  >`select password_hash as hash from users where id = ${agent.user.id}`;
  authorHash = author?.hash ?? '';
  expect(authorHash).not.toBe('');
});

const viewerOf = (signed: Signed) => ({ id: signed.user.id, role: signed.user.role });

async function listed(
  signed: Signed,
  query: Record<string, string>,
): Promise<{ text: string; body: TKbArticleListResponse }> {
  const text = await (await listArticles(viewerOf(signed), ZKbArticleListQuery.parse(query))).text();
  return { text, body: checkJsonText(ZKbArticleListResponse, text) as TKbArticleListResponse };
}

async function searched(
  signed: Signed,
  query: Record<string, string>,
): Promise<{ text: string; body: TKbSearchResponse }> {
  const text = await (await searchArticles(viewerOf(signed), ZKbSearchQuery.parse(query))).text();
  return { text, body: checkJsonText(ZKbSearchResponse, text) as TKbSearchResponse };
}

describe('the knowledge base bodies PostgreSQL renders', () => {
  test('an end user: published articles of active categories only, in every list and search; never a hash', async () => {
    const bodies = [
      await listed(endUser, { categoryId, limit: '100' }),
      await listed(endUser, { limit: '100' }),
      await listed(endUser, { status: 'draft' }),
      await listed(endUser, { isPopular: 'true', limit: '100' }),
      await listed(endUser, { isPopular: 'false', limit: '100' }),
      await searched(endUser, { q: word }),
      await searched(endUser, { q: word, status: 'archived' }),
    ];
    for (const { text } of bodies) {
      for (const secret of [...Object.values(hidden), authorHash]) expect(text).not.toContain(secret);
    }
    expect(bodies[0]?.body.articles.map((article) => article.title)).toEqual([`Reset ${word}`]);
    expect(JSON.parse(bodies[2]?.text ?? '')).toEqual({ articles: [], nextCursor: null });
    expect(bodies[5]?.body.articles.map((article) => article.title)).toEqual([`Reset ${word}`]);
  });

  for (const signed of ['agent', 'admin'] as const) {
    test(`${signed === 'agent' ? 'an agent' : 'an admin'}: every status when asked, never a hash`, async () => {
      const viewer = signed === 'agent' ? agent : admin;
      const all = await listed(viewer, { categoryId, limit: '100' });
      expect(all.body.articles.map((article) => article.status).sort()).toEqual([
        'archived',
        'draft',
        'published',
      ]);
      const everywhere = await searched(viewer, { q: word, status: 'all' });
      expect(everywhere.body.articles).toHaveLength(4);
      for (const { text } of [all, everywhere, await listed(viewer, { isPopular: 'true', limit: '100' })]) {
        expect(text).not.toContain(authorHash);
      }
    });
  }

  test("a list's cursor is the one the cursor module makes, and leads to the next page", async () => {
    const first = await listed(agent, { categoryId, limit: '1' });
    const rows = await selectArticlePage(
      sql,
      { status: null, categoryId, isPopular: null },
      { limit: 1, after: null },
    );
    const row = rows[0];
    if (!row) throw new Error('no article');
    expect(first.body.nextCursor).toBe(encodeCursor({ kind: 'updated', at: row.cursorAt, id: row.id }));
    const cursor = first.body.nextCursor ?? '';
    expect(decodeCursor(cursor, 'updated')).toEqual({ kind: 'updated', at: row.cursorAt, id: row.id });
    const second = await listed(agent, { categoryId, limit: '1', cursor });
    expect(second.body.articles[0]?.id).not.toBe(row.id);
    const last = await listed(agent, { categoryId, limit: '100' });
    expect(last.body.nextCursor).toBeNull();
  });

  test('the rendered page holds the same values as the rows path (dates as the API writes them)', async () => {
    const { body } = await listed(agent, { categoryId, limit: '100' });
    const rows = await selectArticlePage(
      sql,
      { status: null, categoryId, isPopular: null },
      { limit: 100, after: null },
    );
    expect(body.articles).toEqual(rows.map(({ cursorAt: _cursorAt, ...article }) => article));
  });
});
