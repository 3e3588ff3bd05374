import { beforeAll, describe, expect, test } from 'bun:test';
import {
  ERROR_CODES,
  KB_MESSAGES,
  KB_REVISION_LIMITS,
  KB_REVISION_MESSAGES,
  kbArticlePath,
  kbRevisionDiffPath,
  kbRevisionPath,
  kbRevisionRestorePath,
  kbRevisionsPath,
  type TKbArticle,
  type TUpdateArticleRequest,
  ZKbArticle,
  ZKbEditConflict,
  ZKbRevision,
  ZKbRevisionDiff,
  ZKbRevisionListResponse,
} from '@helpdesk/contracts';
import {
  errorOf,
  signedIn,
  sql,
  type TestClient,
  type TestUser,
  withRateLimitScale,
} from '../../test/helpers.ts';
import { insertCategory, postArticle } from './test-fixtures.ts';

type Signed = { user: TestUser; client: TestClient };
let endUser: Signed;
let agent: Signed;
let otherAgent: Signed;
let admin: Signed;
let category: { id: string; name: string };
let otherCategory: { id: string; name: string };

beforeAll(async () => {
  [endUser, agent, otherAgent, admin] = await Promise.all([
    signedIn('end_user'),
    signedIn('agent'),
    signedIn('agent'),
    signedIn('admin'),
  ]);
  [category, otherCategory] = await Promise.all([insertCategory(), insertCategory()]);
});

const bodyOf = (
  article: TKbArticle,
  changes: Partial<TUpdateArticleRequest> = {},
): TUpdateArticleRequest => ({
  title: article.title,
  content: article.content,
  excerpt: article.excerpt ?? '',
  categoryId: article.categoryId,
  status: article.status,
  tags: article.tags,
  ...changes,
});

async function put(client: TestClient, article: TKbArticle, changes: Partial<TUpdateArticleRequest>) {
  const response = await client.put(kbArticlePath(article.id), bodyOf(article, changes));
  expect(response.status).toBe(200);
  return ZKbArticle.parse(response.body);
}

async function revisionRows(articleId: string) {
  return sql<{ number: number; title: string; content: string; changedFields: string[] }[]>`
    select number, title, content, changed_fields as "changedFields"
    from kb_article_revisions where article_id = ${articleId} order by number`;
}

describe('revisions on every save', () => {
  test('create is revision 1; each changing save adds the next with who and which fields; a no-op save adds none', async () => {
    const created = await postArticle(agent.client, category.id, { content: 'one\ntwo\nthree', tags: ['a'] });
    expect(created.revision).toBe(1);
    const first = await put(otherAgent.client, created, { content: 'one\n2\nthree', title: 'Renamed' });
    expect(first.revision).toBe(2);
    const second = await put(agent.client, first, { tags: ['a', 'b'], categoryId: otherCategory.id });
    expect(second.revision).toBe(3);
    const same = await put(agent.client, second, {});
    expect(same.revision).toBe(3);

    const rows = await revisionRows(created.id);
    expect(rows.map((row) => [row.number, row.changedFields])).toEqual([
      [1, []],
      [2, ['title', 'content']],
      [3, ['category', 'tags']],
    ]);
    const list = await agent.client.get(kbRevisionsPath(created.id));
    expect(list.status).toBe(200);
    const { revisions, nextBefore } = ZKbRevisionListResponse.parse(list.body);
    expect(nextBefore).toBeNull();
    expect(revisions.map((revision) => revision.number)).toEqual([3, 2, 1]);
    expect(revisions[1]?.editor).toEqual({
      id: otherAgent.user.id,
      firstName: otherAgent.user.firstName,
      lastName: otherAgent.user.lastName,
    });
    expect(revisions[2]?.editor.id).toBe(agent.user.id);

    const full = await admin.client.get(kbRevisionPath(created.id, 2));
    expect(full.status).toBe(200);
    expect(ZKbRevision.parse(full.body)).toMatchObject({
      number: 2,
      title: 'Renamed',
      content: 'one\n2\nthree',
      tags: ['a'],
      categoryId: category.id,
      category: { id: category.id, name: category.name },
      changedFields: ['title', 'content'],
      restoredFrom: null,
    });
  });

  test('the list pages newest first with `before`', async () => {
    let article = await postArticle(agent.client, category.id);
    for (let n = 0; n < 4; n++) article = await put(agent.client, article, { content: `version ${n}` });
    const first = ZKbRevisionListResponse.parse(
      (await agent.client.get(`${kbRevisionsPath(article.id)}?limit=2`)).body,
    );
    expect(first.revisions.map((r) => r.number)).toEqual([5, 4]);
    expect(first.nextBefore).toBe(4);
    const second = ZKbRevisionListResponse.parse(
      (await agent.client.get(`${kbRevisionsPath(article.id)}?limit=2&before=4`)).body,
    );
    expect(second.revisions.map((r) => r.number)).toEqual([3, 2]);
    const last = ZKbRevisionListResponse.parse(
      (await agent.client.get(`${kbRevisionsPath(article.id)}?limit=2&before=2`)).body,
    );
    expect(last).toEqual({ revisions: [expect.objectContaining({ number: 1 })], nextBefore: null });
  });

  test('revisions are append-only in the database', async () => {
    const article = await postArticle(agent.client, category.id);
    await expect(
      sql`update kb_article_revisions set title = 'x' where article_id = ${article.id}`,
    ).rejects.toThrow(/append-only/);
    expect((await revisionRows(article.id))[0]?.title).toBe(article.title);
  });
});

describe('the diff of two revisions', () => {
  test('fields, tags and a line diff of the body with +/- lines', async () => {
    const created = await postArticle(agent.client, category.id, {
      content: 'alpha\nbeta\ngamma',
      tags: ['keep', 'drop'],
      excerpt: 'Short',
    });
    await put(agent.client, created, {
      content: 'alpha\nBETA\ngamma\ndelta',
      title: 'New title',
      status: 'published',
      tags: ['keep', 'new'],
      categoryId: otherCategory.id,
      excerpt: '',
    });
    const response = await agent.client.get(kbRevisionDiffPath(created.id, 1, 2));
    expect(response.status).toBe(200);
    const diff = ZKbRevisionDiff.parse(response.body);
    expect(diff.from.number).toBe(1);
    expect(diff.to.number).toBe(2);
    expect(diff.fields).toEqual([
      { field: 'title', from: created.title, to: 'New title' },
      { field: 'excerpt', from: 'Short', to: null },
      { field: 'category', from: category.name, to: otherCategory.name },
      { field: 'status', from: 'draft', to: 'published' },
    ]);
    expect(diff.tags).toEqual({ added: ['new'], removed: ['drop'] });
    expect(diff.content.tooLarge).toBe(false);
    expect(diff.content.truncated).toBe(false);
    expect(diff.content.hunks.flatMap((hunk) => hunk.lines)).toEqual([
      ' alpha',
      '-beta',
      '+BETA',
      ' gamma',
      '+delta',
    ]);
    const same = ZKbRevisionDiff.parse((await agent.client.get(kbRevisionDiffPath(created.id, 2, 2))).body);
    expect(same.content.hunks).toEqual([]);
    expect(same.fields).toEqual([]);
  });

  test('a huge rewrite is bounded: truncated lines, never the whole body twice', async () => {
    const lines = (prefix: string) => Array.from({ length: 3000 }, (_, n) => `${prefix} ${n}`).join('\n');
    const created = await postArticle(agent.client, category.id, { content: lines('old') });
    await put(agent.client, created, { content: lines('new') });
    const diff = ZKbRevisionDiff.parse((await agent.client.get(kbRevisionDiffPath(created.id, 1, 2))).body);
    const shown = diff.content.hunks.flatMap((hunk) => hunk.lines).length;
    expect(diff.content.truncated || diff.content.tooLarge).toBe(true);
    expect(shown).toBeLessThanOrEqual(KB_REVISION_LIMITS.diffLinesMax);
  });

  test('from newer than to, unknown numbers and hostile params are refused', async () => {
    const created = await postArticle(agent.client, category.id);
    await put(agent.client, created, { content: 'changed' });
    const backwards = await agent.client.get(kbRevisionDiffPath(created.id, 2, 1));
    expect(backwards.status).toBe(400);
    expect(errorOf(backwards)).toMatchObject({
      code: ERROR_CODES.validation,
      message: KB_REVISION_MESSAGES.fromAfterTo,
    });
    const unknown = await agent.client.get(kbRevisionDiffPath(created.id, 1, 99));
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).message).toBe(KB_REVISION_MESSAGES.revisionNotFound);
    const base = `${kbRevisionsPath(created.id)}/diff`;
    for (const query of [
      '',
      '?from=1',
      '?from=0&to=2',
      '?from=-1&to=2',
      '?from=1.5&to=2',
      '?from=1&to=99999999999',
      "?from=1'--&to=2",
      '?from=1&to=2&extra=1',
      '?from=abc&to=2',
    ]) {
      const response = await agent.client.get(`${base}${query}`);
      expect(response.status, query).toBe(400);
      expect(errorOf(response).code).toBe(ERROR_CODES.validation);
    }
  });
});

describe('one revision and bad requests', () => {
  test('unknown numbers, unknown articles and bad ids', async () => {
    const created = await postArticle(agent.client, category.id);
    const missing = await agent.client.get(kbRevisionPath(created.id, 2));
    expect(missing.status).toBe(404);
    expect(errorOf(missing).message).toBe(KB_REVISION_MESSAGES.revisionNotFound);
    const noArticle = await agent.client.get(kbRevisionsPath(crypto.randomUUID()));
    expect(noArticle.status).toBe(404);
    expect(errorOf(noArticle).message).toBe(KB_MESSAGES.articleNotFound);
    for (const path of [
      `${kbRevisionsPath(created.id)}/0`,
      `${kbRevisionsPath(created.id)}/-3`,
      `${kbRevisionsPath(created.id)}/99999999999`,
      `${kbRevisionsPath(created.id)}/abc`,
      `${kbRevisionsPath('not-a-uuid')}`,
      `${kbRevisionsPath(created.id)}?limit=0`,
      `${kbRevisionsPath(created.id)}?limit=101`,
      `${kbRevisionsPath(created.id)}?before=x`,
    ]) {
      const response = await agent.client.get(path);
      expect(response.status, path).toBe(400);
    }
  });

  test('end users get 403 on every revision route and anonymous callers 401; nothing changes', async () => {
    const created = await postArticle(agent.client, category.id, { status: 'published' });
    const paths = [
      kbRevisionsPath(created.id),
      kbRevisionPath(created.id, 1),
      kbRevisionDiffPath(created.id, 1, 1),
    ];
    for (const path of paths) expect((await endUser.client.get(path)).status).toBe(403);
    expect((await endUser.client.post(kbRevisionRestorePath(created.id, 1), {})).status).toBe(403);
    const anonymous = new (agent.client.constructor as new () => TestClient)();
    expect((await anonymous.get(paths[0] ?? '')).status).toBe(401);
    expect((await revisionRows(created.id)).length).toBe(1);
  });
});

describe('restore', () => {
  test('makes a NEW revision with the old fields, audited; history stays', async () => {
    const created = await postArticle(agent.client, category.id, { content: 'first body', tags: ['x'] });
    const edited = await put(agent.client, created, {
      content: 'second body',
      title: 'Second',
      tags: [],
      categoryId: otherCategory.id,
    });
    const response = await otherAgent.client.post(kbRevisionRestorePath(created.id, 1), {});
    expect(response.status).toBe(200);
    const restored = ZKbArticle.parse(response.body);
    expect(restored).toMatchObject({
      revision: 3,
      title: created.title,
      content: 'first body',
      tags: ['x'],
      categoryId: category.id,
      slug: edited.slug,
    });
    // Search reads the restored text, not the text it replaced.
    const [searchable] = await sql<{ contentText: string }[]>`
      select content_text as "contentText" from kb_articles where id = ${created.id}`;
    expect(searchable?.contentText).toBe('first body');
    const rows = await revisionRows(created.id);
    expect(rows.map((row) => [row.number, row.content])).toEqual([
      [1, 'first body'],
      [2, 'second body'],
      [3, 'first body'],
    ]);
    const third = ZKbRevision.parse((await agent.client.get(kbRevisionPath(created.id, 3))).body);
    expect(third).toMatchObject({ restoredFrom: 1, editor: { id: otherAgent.user.id } });
    expect(third.changedFields).toEqual(['title', 'content', 'category', 'tags']);
    const [audit] = await sql<{ action: string; details: Record<string, unknown> }[]>`
      select action, details from admin_audit_logs
      where admin_user_id = ${otherAgent.user.id} and action = 'kb_article.revision_restored'
        and details->>'articleId' = ${created.id}`;
    expect(audit?.details).toEqual({
      articleId: created.id,
      title: created.title,
      restoredFrom: 1,
      revision: 3,
    });
  });

  test('unknown revision or article: 404; a revision in a category deactivated since: 400; nothing written', async () => {
    const created = await postArticle(agent.client, category.id);
    expect((await agent.client.post(kbRevisionRestorePath(created.id, 7), {})).status).toBe(404);
    expect((await agent.client.post(kbRevisionRestorePath(crypto.randomUUID(), 1), {})).status).toBe(404);
    const closing = await insertCategory();
    const moved = await put(agent.client, created, { categoryId: closing.id });
    await put(agent.client, moved, { categoryId: category.id });
    await sql`update kb_categories set is_active = false where id = ${closing.id}`;
    const refused = await agent.client.post(kbRevisionRestorePath(created.id, 2), {});
    expect(refused.status).toBe(400);
    expect(errorOf(refused).fields).toEqual({ categoryId: KB_MESSAGES.categoryNotFound });
    expect((await revisionRows(created.id)).length).toBe(3);
    const [audits] = await sql<{ count: number }[]>`
      select count(*)::int as count from admin_audit_logs where details->>'articleId' = ${created.id}`;
    expect(audits?.count).toBe(0);
  });

  test('a restore flood hits the write limit: 429 with Retry-After, the refused ones write nothing', async () => {
    const { client } = await signedIn('agent');
    const created = await postArticle(client, category.id);
    const answers = await withRateLimitScale(1, async () => {
      const results = [];
      for (let n = 0; n < 25; n++) results.push(await client.post(kbRevisionRestorePath(created.id, 1), {}));
      return results;
    });
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(20);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(5);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(errorOf(answer).message).toMatch(/restored too many article revisions.*try again in/);
    }
    expect((await revisionRows(created.id)).length).toBe(21);
  });
});

describe('edit conflicts', () => {
  test('a save from an outdated baseRevision is a 409 with the current revision; nothing is written', async () => {
    const created = await postArticle(agent.client, category.id, { content: 'base' });
    const theirs = await put(otherAgent.client, created, { content: 'their words', baseRevision: 1 });
    expect(theirs.revision).toBe(2);
    const response = await agent.client.put(
      kbArticlePath(created.id),
      bodyOf(created, { content: 'my words', baseRevision: 1 }),
    );
    expect(response.status).toBe(409);
    const conflict = ZKbEditConflict.strict().parse(response.body);
    expect(conflict).toMatchObject({
      code: ERROR_CODES.conflict,
      message: KB_REVISION_MESSAGES.editConflict,
      fields: { baseRevision: 'Revision 2 is the current one' },
      details: {
        current: {
          number: 2,
          content: 'their words',
          title: created.title,
          editor: { id: otherAgent.user.id },
        },
      },
    });
    const [row] = await sql<{ content: string }[]>`select content from kb_articles where id = ${created.id}`;
    expect(row?.content).toBe('their words');
    expect((await revisionRows(created.id)).length).toBe(2);
    const fresh = await put(agent.client, theirs, { content: 'my words', baseRevision: 2 });
    expect(fresh.revision).toBe(3);
    const noBase = await put(agent.client, fresh, { content: 'without a base' });
    expect(noBase.revision).toBe(4);
  });

  test('two saves from the same revision at once: exactly one wins, the other gets 409', async () => {
    for (let round = 0; round < 5; round++) {
      const created = await postArticle(agent.client, category.id, { content: 'start' });
      const [a, b] = await Promise.all([
        agent.client.put(kbArticlePath(created.id), bodyOf(created, { content: 'from A', baseRevision: 1 })),
        otherAgent.client.put(
          kbArticlePath(created.id),
          bodyOf(created, { content: 'from B', baseRevision: 1 }),
        ),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const winner = a.status === 200 ? 'from A' : 'from B';
      const rows = await revisionRows(created.id);
      expect(rows.map((row) => row.content)).toEqual(['start', winner]);
    }
  });

  test('a bad baseRevision is a 400 and changes nothing', async () => {
    const created = await postArticle(agent.client, category.id, { content: 'kept' });
    for (const baseRevision of [0, -1, 1.5, '1', 2 ** 31, null]) {
      const response = await agent.client.put(kbArticlePath(created.id), {
        ...bodyOf(created, { content: 'nope' }),
        baseRevision,
      } as never);
      expect(response.status, String(baseRevision)).toBe(400);
      expect(errorOf(response).fields).toHaveProperty('baseRevision');
    }
    expect((await revisionRows(created.id)).length).toBe(1);
  });
});
