import { beforeAll, describe, expect, test } from 'bun:test';
import { API_PATHS, ERROR_CODES, KB_LIMITS, ZKbSearchResponse } from '@helpdesk/contracts';
import { errorOf, signedIn, sql, TestClient, type TestUser } from '../../test/helpers.ts';
import { buildSearchTerms } from './search-terms.ts';
import { insertCategory, postArticle, uniqueWord } from './test-fixtures.ts';

type Signed = { user: TestUser; client: TestClient };
let endUser: Signed;
let agent: Signed;
let categoryId = '';

beforeAll(async () => {
  [endUser, agent] = await Promise.all([signedIn('end_user'), signedIn('agent')]);
  categoryId = (await insertCategory()).id;
});

const searchPath = (q: string, extra = '') =>
  `${API_PATHS.kbArticlesSearch}?q=${encodeURIComponent(q)}${extra}`;

async function search(client: TestClient, q: string, extra = ''): Promise<string[]> {
  const response = await client.get(searchPath(q, extra));
  expect(response.status).toBe(200);
  return ZKbSearchResponse.parse(response.body).articles.map((a) => a.id);
}

describe('search terms', () => {
  test('only letters and digits become words; 3+ characters also match as prefixes', () => {
    expect(buildSearchTerms('Reset my VPN password')).toEqual({
      anyWords: 'reset:* | my | vpn:* | password:*',
      allWords: 'reset:* & my & vpn:* & password:*',
      text: 'reset my vpn password',
    });
    expect(buildSearchTerms("'; drop table kb_articles; --")?.allWords).toBe(
      'drop:* & table:* & kb & articles:*',
    );
    expect(buildSearchTerms('a & b | !c')?.anyWords).toBe('a | b | c');
    expect(buildSearchTerms('(vpn:* <-> "wifi\'')?.anyWords).toBe('vpn:* | wifi:*');
    expect(buildSearchTerms('Café ÜBER naïve')?.text).toBe('café über naïve');
    expect(buildSearchTerms('vpn VPN Vpn')?.text).toBe('vpn');
    for (const nothing of ['%_%', '___', "'''", '!!! ***', '   ', '🙂🙂🙂', '\u0000\u0000\u0000']) {
      expect(buildSearchTerms(nothing)).toBeNull();
    }
    expect(
      buildSearchTerms(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '))?.text.split(' '),
    ).toHaveLength(12);
  });
});

describe('GET /api/kb/articles/search', () => {
  test('finds a published article by a word of its title, tags, excerpt or body, for everyone', async () => {
    const words = [uniqueWord(), uniqueWord(), uniqueWord(), uniqueWord()];
    const article = await postArticle(agent.client, categoryId, {
      status: 'published',
      title: `Guide to ${words[0]}`,
      tags: [`${words[1]}`],
      excerpt: `About ${words[2]}.`,
      content: `Step one.\nThen the ${words[3]} appears.`,
    });
    for (const word of words) {
      expect(await search(endUser.client, word)).toEqual([article.id]);
      expect(await search(agent.client, word.toUpperCase())).toEqual([article.id]);
    }
    const response = await endUser.client.get(searchPath(words[3] ?? ''));
    expect(ZKbSearchResponse.parse(response.body).articles[0]).toMatchObject({
      title: `Guide to ${words[0]}`,
      author: { id: agent.user.id, firstName: 'Test' },
      viewCount: 0,
      isPopular: false,
    });
    expect(response.text).not.toContain('Step one');
  });

  test('word prefixes match as the person types: "passw" finds "password"', async () => {
    const marker = uniqueWord();
    const inBody = uniqueWord();
    const article = await postArticle(agent.client, categoryId, {
      status: 'published',
      title: `Resetting a forgotten password ${marker}`,
      content: `Use the self-service portal, then ${inBody}.`,
    });
    // Only in the body, which the typo fallback does not read: found by prefix alone.
    expect(await search(endUser.client, inBody.slice(0, 7))).toEqual([article.id]);
    expect(await search(endUser.client, `passw ${marker}`)).toContain(article.id);
    expect(await search(endUser.client, `${marker.slice(0, 5)}`)).toContain(article.id);
    expect(await search(endUser.client, 'passw', '&limit=20')).toContain(article.id);
    expect(await search(endUser.client, 'forgott', '&limit=20')).toContain(article.id);
  });

  test('small typos still find the article: "pasword", "printr"', async () => {
    const password = await postArticle(agent.client, categoryId, {
      status: 'published',
      title: 'How to reset your password',
      content: 'Open the portal.',
    });
    const printer = await postArticle(agent.client, categoryId, {
      status: 'published',
      title: 'Printing on the office printers',
      content: 'Add the queue.',
      tags: ['printer'],
    });
    expect(await search(endUser.client, 'pasword', '&limit=20')).toContain(password.id);
    expect(await search(endUser.client, 'printr', '&limit=20')).toContain(printer.id);
    const typo = uniqueWord();
    const tagged = await postArticle(agent.client, categoryId, { status: 'published', tags: [typo] });
    expect(await search(endUser.client, `${typo.slice(0, 6)}${typo.slice(7)}`)).toEqual([tagged.id]);
  });

  test('full-text matches come first, then the typos fill the rest, each article once', async () => {
    const word = uniqueWord();
    // A title holding a word one letter short of the search's: a typo away, and no full-text match.
    const near = await postArticle(agent.client, categoryId, {
      status: 'published',
      title: `Fixing ${word.slice(0, 6)}${word.slice(7)}`,
    });
    const exact = await postArticle(agent.client, categoryId, {
      status: 'published',
      title: `Using ${word}`,
    });
    expect(await search(endUser.client, word)).toEqual([exact.id, near.id]);
    expect(await search(endUser.client, word, '&limit=1')).toEqual([exact.id]);
  });

  test('ranked: every word before some words; a title match before a body match', async () => {
    const [a, b] = [uniqueWord(), uniqueWord()];
    const bodyOnly = await postArticle(agent.client, categoryId, {
      status: 'published',
      content: `Mentions ${a} once in the body.`,
    });
    const inTitle = await postArticle(agent.client, categoryId, { status: 'published', title: `About ${a}` });
    const both = await postArticle(agent.client, categoryId, {
      status: 'published',
      content: `Mentions ${a} and ${b} in the body.`,
    });
    // The two body matches rank alike; the newer update comes first.
    expect(await search(endUser.client, a)).toEqual([inTitle.id, both.id, bodyOnly.id]);
    expect((await search(endUser.client, `${a} ${b}`))[0]).toBe(both.id);
    expect(await search(endUser.client, `${a} ${b}`)).toHaveLength(3);
  });

  test('end users get published articles only; staff too unless they ask for another status', async () => {
    const word = uniqueWord();
    const post = async (status: 'published' | 'draft' | 'archived') =>
      (await postArticle(agent.client, categoryId, { status, title: `${status} ${word}` })).id;
    const ids = {
      published: await post('published'),
      draft: await post('draft'),
      archived: await post('archived'),
    };
    expect(await search(endUser.client, word)).toEqual([ids.published]);
    expect(await search(endUser.client, word, '&status=all')).toEqual([ids.published]);
    expect(await search(endUser.client, word, '&status=draft')).toEqual([]);
    expect(await search(agent.client, word)).toEqual([ids.published]);
    expect((await search(agent.client, word, '&status=all')).sort()).toEqual(Object.values(ids).sort());
    expect(await search(agent.client, word, '&status=draft')).toEqual([ids.draft]);
  });

  test('limit: default 10, at most 20, and the typo fallback only fills what full text left', async () => {
    const word = uniqueWord();
    for (let index = 0; index < 12; index++) {
      await postArticle(agent.client, categoryId, { status: 'published', title: `Batch ${word} ${index}` });
    }
    expect(await search(endUser.client, word)).toHaveLength(KB_LIMITS.searchLimitDefault);
    expect(await search(endUser.client, word, '&limit=3')).toHaveLength(3);
    expect(await search(endUser.client, word, '&limit=20')).toHaveLength(12);
  });

  test('too short, too long or unknown parameters are a 400; the 3-character minimum counts after trimming', async () => {
    for (const [query, field] of [
      ['', 'q'],
      ['ab', 'q'],
      ['  ab  ', 'q'],
      ['%_', 'q'],
      ['x'.repeat(KB_LIMITS.searchQueryMax + 1), 'q'],
    ] as const) {
      const response = await endUser.client.get(searchPath(query));
      expect(response.status).toBe(400);
      expect(errorOf(response).code).toBe(ERROR_CODES.validation);
      expect(Object.keys(errorOf(response).fields ?? {})).toEqual([field]);
    }
    expect(errorOf(await endUser.client.get(searchPath('ab'))).fields).toEqual({
      q: 'Search needs at least 3 characters',
    });
    for (const extra of [
      '&limit=0',
      '&limit=21',
      '&limit=x',
      '&status=deleted',
      '&categoryId=x',
      '&page=2',
    ]) {
      expect((await endUser.client.get(searchPath('vpn', extra))).status).toBe(400);
    }
    expect((await endUser.client.get(API_PATHS.kbArticlesSearch)).status).toBe(400);
    expect((await new TestClient().get(searchPath('vpn'))).status).toBe(401);
  });

  test('injection-like and tsquery-like text is taken literally: never a 500, never everything', async () => {
    const word = uniqueWord();
    const article = await postArticle(agent.client, categoryId, {
      status: 'published',
      title: `Quotes ${word}`,
      content: `Use 100% of the "${word}" toolkit_v2 (not the old one).`,
    });
    const [{ total = 0 } = {}] = await sql<{ total: number }[]>`
      select count(*)::int as total from kb_articles where status = 'published'`;
    const probes = [
      // Carries the article's word: with it, the search must find the article and drop nothing (other
      // test files publish articles with tables, so "table" alone is no longer a rare word).
      `'; drop table kb_articles; -- ${word}`,
      '%_%',
      '%%%',
      '___',
      '100%',
      'a & b | !c',
      '!!!',
      '(((',
      ')))',
      `"${word}`,
      `'${word}'`,
      `${word}:*`,
      `${word} & !`,
      `(${word}`,
      `${word} <-> ${word}`,
      `\\${word}\\`,
      `${word}'); select pg_sleep(5); --`,
      'ALL:* | *:*',
      '🙂🙂🙂',
      'x\u0000y\u0000z',
      '\u0000\u0000\u0000',
    ];
    for (const probe of probes) {
      const response = await endUser.client.get(searchPath(probe, '&limit=20'));
      expect(response.status).toBe(200);
      const found = ZKbSearchResponse.parse(response.body).articles;
      if (probe.includes(word)) expect(found.map((a) => a.id)).toContain(article.id);
      else expect(found.length, probe).toBeLessThan(Math.min(total, 20));
    }
    for (const literal of ['%_%', '%%%', '___', '!!!', '(((', '🙂🙂🙂']) {
      expect(await search(endUser.client, literal)).toEqual([]);
    }
    const [{ exists = false } = {}] = await sql<{ exists: boolean }[]>`
      select to_regclass('kb_articles') is not null as exists`;
    expect(exists).toBe(true);
  });
});
