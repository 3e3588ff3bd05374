import { beforeAll, describe, expect, test } from 'bun:test';
import {
  API_PATHS,
  KB_DEFLECTIONS_PATH,
  KB_FEEDBACK_LIMITS,
  KB_MESSAGES,
  kbArticleFeedbackPath,
  kbArticleFeedbackSummaryPath,
  type TKbArticle,
  ZKbFeedback,
  ZKbFeedbackResponse,
  ZKbFeedbackSummary,
} from '@helpdesk/contracts';
import {
  errorOf,
  signedIn,
  sql,
  type TestClient,
  type TestUser,
  withRateLimitScale,
} from '../../test/helpers.ts';
import { insertCategory, postArticle, setStatus, uniqueWord } from '../kb/test-fixtures.ts';
import { countSearchMiss, SEARCH_MISS_PHRASES_PER_DAY, SEARCH_MISSES_PER_PERSON_DAY } from './queries.ts';

type Signed = { user: TestUser; client: TestClient };
let endUser: Signed;
let otherUser: Signed;
let agent: Signed;
let published: TKbArticle;
let draft: TKbArticle;
let hidden: TKbArticle;

beforeAll(async () => {
  [endUser, otherUser, agent] = await Promise.all([
    signedIn('end_user'),
    signedIn('end_user'),
    signedIn('agent'),
  ]);
  const category = await insertCategory();
  const inactive = await insertCategory();
  published = await postArticle(agent.client, category.id, { status: 'published' });
  draft = await postArticle(agent.client, category.id, { status: 'draft' });
  hidden = await postArticle(agent.client, inactive.id, { status: 'published' });
  await sql`update kb_categories set is_active = false where id = ${inactive.id}`;
});

async function storedAnswers(articleId: string) {
  const rows = await sql<{ userId: string; helpful: boolean; comment: string | null }[]>`
    select user_id as "userId", helpful, comment from kb_article_feedback where article_id = ${articleId}`;
  return [...rows];
}

async function countsOf(articleId: string) {
  const [row] = await sql<{ yes: number; no: number }[]>`
    select yes, no from kb_article_feedback_counts where article_id = ${articleId}`;
  return row ?? { yes: 0, no: 0 };
}

describe('PUT/GET /api/kb/articles/{id}/feedback', () => {
  test('an end user answers No with a comment, then changes to Yes: one answer, counters follow', async () => {
    const article = await postArticle(agent.client, published.categoryId, { status: 'published' });
    const path = kbArticleFeedbackPath(article.id);
    expect(ZKbFeedbackResponse.parse((await endUser.client.get(path)).body).feedback).toBeNull();

    const no = await endUser.client.put(path, { helpful: false, comment: '  Step 3 is out of date.  ' });
    expect(no.status).toBe(200);
    expect(ZKbFeedback.parse(no.body)).toMatchObject({ helpful: false, comment: 'Step 3 is out of date.' });
    expect(await countsOf(article.id)).toEqual({ yes: 0, no: 1 });

    const yes = await endUser.client.put(path, { helpful: true, comment: 'dropped with yes' });
    expect(ZKbFeedback.parse(yes.body)).toMatchObject({ helpful: true, comment: null });
    expect(await storedAnswers(article.id)).toEqual([
      { userId: endUser.user.id, helpful: true, comment: null },
    ]);
    expect(await countsOf(article.id)).toEqual({ yes: 1, no: 0 });

    // The same answer again moves nothing.
    await endUser.client.put(path, { helpful: true });
    expect(await countsOf(article.id)).toEqual({ yes: 1, no: 0 });

    const own = ZKbFeedbackResponse.parse((await endUser.client.get(path)).body).feedback;
    expect(own).toMatchObject({ helpful: true, comment: null });
    // Another person sees only their own (none).
    expect(ZKbFeedbackResponse.parse((await otherUser.client.get(path)).body).feedback).toBeNull();
  });

  test('concurrent first answers by one person count once', async () => {
    const article = await postArticle(agent.client, published.categoryId, { status: 'published' });
    const path = kbArticleFeedbackPath(article.id);
    await Promise.all(Array.from({ length: 6 }, () => otherUser.client.put(path, { helpful: false })));
    expect(await countsOf(article.id)).toEqual({ yes: 0, no: 1 });
  });

  test('drafts, hidden categories and missing articles are 404 for end users and change nothing', async () => {
    for (const id of [draft.id, hidden.id, crypto.randomUUID()]) {
      const put = await endUser.client.put(kbArticleFeedbackPath(id), { helpful: false, comment: 'x' });
      expect(put.status).toBe(404);
      expect(errorOf(put).message).toBe(KB_MESSAGES.articleNotFound);
      expect((await endUser.client.get(kbArticleFeedbackPath(id))).status).toBe(404);
      expect(await storedAnswers(id)).toEqual([]);
    }
    // Staff may answer on a draft they are editing.
    expect((await agent.client.put(kbArticleFeedbackPath(draft.id), { helpful: true })).status).toBe(200);
  });

  test('bad bodies are 400 and store nothing', async () => {
    const article = await postArticle(agent.client, published.categoryId, { status: 'published' });
    const path = kbArticleFeedbackPath(article.id);
    const bad: unknown[] = [
      {},
      { helpful: 'yes' },
      { helpful: null },
      { helpful: false, comment: 'x'.repeat(KB_FEEDBACK_LIMITS.commentMax + 1) },
      { helpful: false, comment: 'hidden \u202Eevil' },
      { helpful: false, comment: 'zero\u200Bwidth' },
      { helpful: false, comment: 'nul \u0000 byte' },
      { helpful: false, comment: 42 },
      { helpful: false, extra: true },
      [true],
    ];
    for (const body of bad) {
      const response = await endUser.client.put(path, body);
      expect(response.status).toBe(400);
    }
    expect((await endUser.client.put('/api/kb/articles/not-a-uuid/feedback', { helpful: true })).status).toBe(
      400,
    );
    expect(await storedAnswers(article.id)).toEqual([]);
  });

  test('markup and line breaks in a comment are kept as plain text, the longest comment fits', async () => {
    const article = await postArticle(agent.client, published.categoryId, { status: 'published' });
    const path = kbArticleFeedbackPath(article.id);
    const hostile = '<img src=x onerror=alert(1)>\n=cmd|"/c calc"!A1';
    const saved = ZKbFeedback.parse(
      (await endUser.client.put(path, { helpful: false, comment: hostile })).body,
    );
    expect(saved.comment).toBe(hostile);
    const longest = 'y'.repeat(KB_FEEDBACK_LIMITS.commentMax);
    expect((await endUser.client.put(path, { helpful: false, comment: longest })).status).toBe(200);
    const empty = ZKbFeedback.parse(
      (await endUser.client.put(path, { helpful: false, comment: '   ' })).body,
    );
    expect(empty.comment).toBeNull();
  });

  test('a flood of answers is refused with 429 and Retry-After', async () => {
    const article = await postArticle(agent.client, published.categoryId, { status: 'published' });
    const flooder = await signedIn('end_user');
    const path = kbArticleFeedbackPath(article.id);
    await withRateLimitScale(1, async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 24; i++)
        statuses.push((await flooder.client.put(path, { helpful: i % 2 === 0 })).status);
      expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });
    const refused = await withRateLimitScale(1, () => flooder.client.put(path, { helpful: false }));
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // The 20th answer (odd index 19: No) is the one stored.
    expect(await storedAnswers(article.id)).toEqual([
      { userId: flooder.user.id, helpful: false, comment: null },
    ]);
  });
});

describe('GET /api/kb/articles/{id}/feedback/summary', () => {
  test('staff see counts, the rate and the No comments with who and when, newest first, paged', async () => {
    const article = await postArticle(agent.client, published.categoryId, { status: 'published' });
    const people = await Promise.all([1, 2, 3, 4].map(() => signedIn('end_user')));
    for (const [index, person] of people.entries()) {
      await person.client.put(kbArticleFeedbackPath(article.id), {
        helpful: false,
        comment: `Comment ${index}`,
      });
    }
    await endUser.client.put(kbArticleFeedbackPath(article.id), { helpful: true });

    const first = ZKbFeedbackSummary.parse(
      (await agent.client.get(`${kbArticleFeedbackSummaryPath(article.id)}?limit=3`)).body,
    );
    expect(first).toMatchObject({ yes: 1, no: 4, helpfulRate: 20 });
    expect(first.comments.map((c) => c.comment)).toEqual(['Comment 3', 'Comment 2', 'Comment 1']);
    expect(first.comments[0]?.user.id).toBe(people[3]?.user.id ?? '');
    expect(first.nextCursor).not.toBeNull();
    const second = ZKbFeedbackSummary.parse(
      (
        await agent.client.get(
          `${kbArticleFeedbackSummaryPath(article.id)}?limit=3&cursor=${first.nextCursor}`,
        )
      ).body,
    );
    expect(second.comments.map((c) => c.comment)).toEqual(['Comment 0']);
    expect(second.nextCursor).toBeNull();
  });

  test('end users get 403; bad cursors and limits are 400; a missing article is 404', async () => {
    const path = kbArticleFeedbackSummaryPath(published.id);
    expect((await endUser.client.get(path)).status).toBe(403);
    for (const query of ['cursor=%25%25', `cursor=${btoa('f|nope|x')}`, 'limit=0', 'limit=51', 'other=1']) {
      expect((await agent.client.get(`${path}?${query}`)).status).toBe(400);
    }
    expect((await agent.client.get(kbArticleFeedbackSummaryPath(crypto.randomUUID()))).status).toBe(404);
  });
});

describe('searches with no result', () => {
  async function missesOf(words: string): Promise<number> {
    const [row] = await sql<{ searches: number }[]>`
      select searches from kb_search_misses where searched_on = current_date and words = ${words}`;
    return row?.searches ?? 0;
  }

  test('counted per day under the sorted, normalised words; searches that find something are not', async () => {
    const a = uniqueWord();
    const b = uniqueWord();
    const words = [a, b].sort().join(' ');
    const search = (q: string) =>
      endUser.client.get(`${API_PATHS.kbArticlesSearch}?q=${encodeURIComponent(q)}`);
    expect((await search(`${a.toUpperCase()} ${b}!`)).status).toBe(200);
    await search(`${b}  ${a}`);
    expect(await missesOf(words)).toBe(2);
    const [rows] = await sql<{ n: number }[]>`
      select count(*)::int as n from kb_search_misses where words like ${`%${a}%`}`;
    expect(rows?.n).toBe(1);

    await search(published.title);
    expect(await missesOf(published.title.toLowerCase())).toBe(0);
    // Staff looking through drafts is no reader's gap.
    const c = uniqueWord();
    await agent.client.get(`${API_PATHS.kbArticlesSearch}?q=${c}&status=draft`);
    expect(await missesOf(c)).toBe(0);
  });

  test('one person flooding empty searches is logged at most their budget; the searches still answer', async () => {
    const flooder = await signedIn('end_user');
    const word = uniqueWord();
    for (let i = 0; i < 40; i++) {
      expect((await flooder.client.get(`${API_PATHS.kbArticlesSearch}?q=${word}`)).status).toBe(200);
    }
    expect(await missesOf(word)).toBe(SEARCH_MISSES_PER_PERSON_DAY);
    // Someone else's search of the same words still counts.
    await endUser.client.get(`${API_PATHS.kbArticlesSearch}?q=${word}`);
    expect(await missesOf(word)).toBe(SEARCH_MISSES_PER_PERSON_DAY + 1);
  });

  test('a day keeps a bounded number of phrases; repeats of kept phrases still count', async () => {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from kb_search_misses where searched_on = current_date`;
    const room = SEARCH_MISS_PHRASES_PER_DAY - (row?.n ?? 0);
    const kept = uniqueWord();
    const count = (words: string) =>
      countSearchMiss(sql, {
        words,
        userId: agent.user.id,
        perPersonDaily: 10 * SEARCH_MISS_PHRASES_PER_DAY,
      });
    expect(await count(kept)).toEqual({ isCounted: true, isBudgetSpent: false });
    for (let i = 1; i < room; i++) await count(`${kept} filler${i}`);
    expect(await count(uniqueWord())).toEqual({ isCounted: false, isBudgetSpent: false });
    expect(await count(kept)).toEqual({ isCounted: true, isBudgetSpent: false });
    const [after] = await sql<{ n: number }[]>`
      select count(*)::int as n from kb_search_misses where searched_on = current_date`;
    expect(after?.n).toBe(SEARCH_MISS_PHRASES_PER_DAY);
    await sql`delete from kb_search_misses where words like ${`${kept} filler%`}`;
  });
});

describe('POST /api/kb/deflections', () => {
  async function deflectionsOf(articleId: string): Promise<number> {
    const [row] = await sql<{ n: number }[]>`
      select deflections as n from kb_deflections where article_id = ${articleId} and deflected_on = current_date`;
    return row?.n ?? 0;
  }

  test('counts per article and day for a published article', async () => {
    const article = await postArticle(agent.client, published.categoryId, { status: 'published' });
    expect((await endUser.client.post(KB_DEFLECTIONS_PATH, { articleId: article.id })).status).toBe(204);
    expect((await agent.client.post(KB_DEFLECTIONS_PATH, { articleId: article.id })).status).toBe(204);
    expect(await deflectionsOf(article.id)).toBe(2);
  });

  test('drafts, archived, hidden and missing articles are 404; bad bodies 400; nothing counted', async () => {
    const archived = await postArticle(agent.client, published.categoryId, { status: 'published' });
    await setStatus(archived.id, 'archived');
    for (const id of [draft.id, hidden.id, archived.id, crypto.randomUUID()]) {
      expect((await endUser.client.post(KB_DEFLECTIONS_PATH, { articleId: id })).status).toBe(404);
      expect(await deflectionsOf(id)).toBe(0);
    }
    // Staff may open drafts, but a draft deflects nobody.
    expect((await agent.client.post(KB_DEFLECTIONS_PATH, { articleId: draft.id })).status).toBe(404);
    for (const body of [{}, { articleId: 'x' }, { articleId: published.id, more: 1 }, 'text']) {
      expect((await endUser.client.post(KB_DEFLECTIONS_PATH, body)).status).toBe(400);
    }
    expect(await deflectionsOf(published.id)).toBe(0);
  });

  test('a flood is refused with 429', async () => {
    const flooder = await signedIn('end_user');
    const statuses = await withRateLimitScale(1, async () => {
      const all: number[] = [];
      for (let i = 0; i < 12; i++) {
        all.push((await flooder.client.post(KB_DEFLECTIONS_PATH, { articleId: published.id })).status);
      }
      return all;
    });
    expect(statuses.filter((status) => status === 204)).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);
    expect(await deflectionsOf(published.id)).toBe(10);
  });
});
