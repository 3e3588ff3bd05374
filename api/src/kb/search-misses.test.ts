/**
 * A knowledge base search is one read on its own pool whatever it finds: full text, and the typo
 * fallback when full text leaves room. A search that finds nothing is then counted for the
 * knowledge-base report (docs/product.md#reports) by one write on the main pool, until this process
 * has seen the reader's daily budget spent. Counted on both pools with postgres.js's debug hook,
 * calling the service directly so the session lookup is not in the count.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { API_PATHS, KB_LIMITS, ZKbSearchResponse, ZSearchResponse } from '@helpdesk/contracts';
import postgres from 'postgres';
import { createUser, signedIn, sql, type TestClient, type TestUser } from '../../test/helpers.ts';
import { countSearchMiss, SEARCH_MISSES_PER_PERSON_DAY } from '../kb-feedback/queries.ts';
import { forgetSpentMissBudgets } from '../kb-feedback/service.ts';
import { kbSearchSql } from './pool.ts';
import { type KbViewer, searchArticles } from './service.ts';
import { insertCategory, postArticle, uniqueWord } from './test-fixtures.ts';

type Signed = { user: TestUser; client: TestClient };
let agent: Signed;
let categoryId = '';

beforeAll(async () => {
  agent = await signedIn('agent');
  categoryId = (await insertCategory()).id;
  // Connecting sends statements of its own (postgres.js reads the array types once).
  await kbSearchSql`select 1`;
});

afterAll(() => {
  kbSearchSql.options.debug = false;
  sql.options.debug = false;
});

/** The statements `run` sends on the article searches' pool and on the main pool. */
async function statementsOf(run: () => Promise<unknown>): Promise<{ search: string[]; main: string[] }> {
  const sent = { search: [] as string[], main: [] as string[] };
  const previous = { search: kbSearchSql.options.debug, main: sql.options.debug };
  kbSearchSql.options.debug = (_connection, query) => {
    sent.search.push(query.trim().split(/\s+/).slice(0, 4).join(' '));
  };
  sql.options.debug = (_connection, query) => {
    sent.main.push(query.trim().split(/\s+/).slice(0, 4).join(' '));
  };
  try {
    await run();
  } finally {
    kbSearchSql.options.debug = previous.search;
    sql.options.debug = previous.main;
  }
  return sent;
}

async function missesOf(words: string): Promise<number> {
  const [row] = await sql<{ searches: number }[]>`
    select searches from kb_search_misses where searched_on = current_date and words = ${words}`;
  return row?.searches ?? 0;
}

async function budgetOf(userId: string): Promise<number> {
  const [row] = await sql<{ searches: number }[]>`
    select searches from kb_search_miss_budget where searched_on = current_date and user_id = ${userId}`;
  return row?.searches ?? 0;
}

const searchAs = (viewer: KbViewer, q: string, status?: 'published' | 'draft') =>
  searchArticles(viewer, { q, limit: KB_LIMITS.searchLimitDefault, ...(status ? { status } : {}) });

const kbSearchPath = (q: string) => `${API_PATHS.kbArticlesSearch}?q=${encodeURIComponent(q)}`;

/** A typo of a unique word: one inner letter dropped, so full text misses and trigrams still match. */
const typoOf = (word: string) => `${word.slice(0, 6)}${word.slice(7)}`;

describe('statements per knowledge base search', () => {
  test('one read on the search pool for a hit, a typo and a staff search of drafts; a miss adds its count', async () => {
    const reader = await createUser();
    const word = uniqueWord();
    await postArticle(agent.client, categoryId, { status: 'published', title: `Guide to ${word}` });
    const counted = [expect.stringMatching(/^with miss_old_days as/)];
    const cases: [string, () => Promise<unknown>, number, string[]][] = [
      ['hit', () => searchAs(reader, word), 1, []],
      ['typo', () => searchAs(reader, typoOf(word)), 1, []],
      ['nothing (counted)', () => searchAs(reader, uniqueWord()), 0, counted],
      ['drafts', () => searchAs(agent.user, uniqueWord(), 'draft'), 0, []],
    ];
    for (const [label, run, found, main] of cases) {
      let articles: unknown[] = [];
      const sent = await statementsOf(async () => {
        articles = ((await run()) as { articles: unknown[] }).articles;
      });
      expect({ label, found: articles.length, ...sent }).toEqual({
        label,
        found,
        search: [expect.stringMatching(/^with top_read as/)],
        main,
      });
    }
  });

  test("past the reader's budget: one count finds it spent, then only the read, and nothing more is counted", async () => {
    const reader = await createUser();
    await sql`
      insert into kb_search_miss_budget (searched_on, user_id, searches)
      values (current_date, ${reader.id}, ${SEARCH_MISSES_PER_PERSON_DAY})`;
    forgetSpentMissBudgets();
    const [first, second] = [uniqueWord(), uniqueWord()];
    const learning = await statementsOf(() => searchAs(reader, first));
    expect(learning.search).toHaveLength(1);
    expect(learning.main).toEqual([expect.stringMatching(/^with miss_old_days as/)]);
    const known = await statementsOf(() => searchAs(reader, second));
    expect(known).toEqual({ search: [expect.stringMatching(/^with top_read as/)], main: [] });
    expect(await missesOf(first)).toBe(0);
    expect(await missesOf(second)).toBe(0);
    // Another reader's miss is still counted.
    const other = await createUser();
    const third = uniqueWord();
    await searchAs(other, third);
    expect(await missesOf(third)).toBe(1);
  });

  test('nothing searchable (punctuation only) sends no statement and counts nothing', async () => {
    const reader = await createUser();
    for (const q of ['!!!', '%_%', "'''", '🙂🙂🙂', ':*&|']) {
      const sent = await statementsOf(async () => {
        expect((await searchAs(reader, q)).articles).toEqual([]);
      });
      expect(sent).toEqual({ search: [], main: [] });
    }
    expect(await budgetOf(reader.id)).toBe(0);
  });

  test("the global search counts an end user's miss of the articles too", async () => {
    const reader = await signedIn('end_user');
    const absent = uniqueWord();
    const response = await reader.client.get(`${API_PATHS.search}?q=${absent}`);
    expect(ZSearchResponse.parse(response.body).articles).toEqual([]);
    expect(await missesOf(absent)).toBe(1);
    // Staff search every status there: no reader's gap.
    const staffAbsent = uniqueWord();
    expect((await agent.client.get(`${API_PATHS.search}?q=${staffAbsent}`)).status).toBe(200);
    expect(await missesOf(staffAbsent)).toBe(0);
  });
});

describe('what a search counts', () => {
  test('a miss exactly when nothing is found: never on a hit, never when only the typo fallback finds something', async () => {
    const reader = await signedIn('end_user');
    const word = uniqueWord();
    const article = await postArticle(agent.client, categoryId, {
      status: 'published',
      title: `About ${word}`,
    });
    const search = async (q: string) => {
      const response = await reader.client.get(kbSearchPath(q));
      expect(response.status).toBe(200);
      return ZKbSearchResponse.parse(response.body).articles.map((a) => a.id);
    };
    expect(await search(word)).toEqual([article.id]);
    expect(await missesOf(word)).toBe(0);
    const typo = typoOf(word);
    expect(await search(typo)).toEqual([article.id]);
    expect(await missesOf(typo)).toBe(0);
    // A word only a draft holds: nothing a reader may see, so a reader's gap.
    const draftWord = uniqueWord();
    await postArticle(agent.client, categoryId, { status: 'draft', title: `Draft ${draftWord}` });
    expect(await search(draftWord)).toEqual([]);
    expect(await missesOf(draftWord)).toBe(1);
    // Words found and words not found together: found, so no miss.
    const absent = uniqueWord();
    expect(await search(`${word} ${absent}`)).toEqual([article.id]);
    expect(await missesOf([word, absent].sort().join(' '))).toBe(0);
    expect(await budgetOf(reader.user.id)).toBe(1);
  });

  test('hostile text: counted under its letters and digits, at most 12 words and 120 characters', async () => {
    const reader = await signedIn('end_user');
    const [a, b, c] = [uniqueWord(), uniqueWord(), uniqueWord()];
    const probe = `${a}:* & !(${a.toUpperCase()}) | "${b}'; <-> \\${c} %_`;
    expect((await reader.client.get(kbSearchPath(probe))).status).toBe(200);
    expect(await missesOf([a, b, c].sort().join(' '))).toBe(1);
    // The longest query the contract takes: fourteen long words, twelve kept, the phrase cut at 120.
    const words = Array.from({ length: 14 }, () => uniqueWord());
    const long = words.join(' ');
    expect(long.length).toBeLessThanOrEqual(KB_LIMITS.searchQueryMax);
    expect((await reader.client.get(kbSearchPath(long))).status).toBe(200);
    const phrase = words.slice(0, 12).sort().join(' ').slice(0, 120).trim();
    expect(await missesOf(phrase)).toBe(1);
    expect(await budgetOf(reader.user.id)).toBe(2);
  });

  test(`a flood of one person's empty searches at once counts ${SEARCH_MISSES_PER_PERSON_DAY}, and every search answers`, async () => {
    const flooder = await signedIn('end_user');
    const word = uniqueWord();
    const statuses = await Promise.all(
      Array.from({ length: SEARCH_MISSES_PER_PERSON_DAY + 15 }, () =>
        flooder.client.get(kbSearchPath(word)).then((response) => response.status),
      ),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(await missesOf(word)).toBe(SEARCH_MISSES_PER_PERSON_DAY);
    expect(await budgetOf(flooder.user.id)).toBe(SEARCH_MISSES_PER_PERSON_DAY);
    const other = await signedIn('end_user');
    expect((await other.client.get(kbSearchPath(word))).status).toBe(200);
    expect(await missesOf(word)).toBe(SEARCH_MISSES_PER_PERSON_DAY + 1);
  });

  // A spent budget only grows that day: reading it spent, the search neither locks nor waits for
  // the row, so a flood of one person's searches does not queue on it.
  test('past the budget a search does not wait for the budget row', async () => {
    const reader = await createUser();
    await sql`
      insert into kb_search_miss_budget (searched_on, user_id, searches)
      values (current_date, ${reader.id}, ${SEARCH_MISSES_PER_PERSON_DAY})`;
    const impatient = postgres(process.env.DATABASE_URL ?? '', {
      max: 1,
      onnotice: () => {},
      connection: { TimeZone: 'UTC', lock_timeout: 2000 },
    });
    try {
      await sql.begin(async (tx) => {
        await tx`
          select 1 from kb_search_miss_budget
          where searched_on = current_date and user_id = ${reader.id} for update`;
        const count = await countSearchMiss(impatient, { words: uniqueWord(), userId: reader.id });
        expect(count).toEqual({ isCounted: false, isBudgetSpent: true });
      });
      expect(await budgetOf(reader.id)).toBe(SEARCH_MISSES_PER_PERSON_DAY);
    } finally {
      await impatient.end();
    }
  });
});
