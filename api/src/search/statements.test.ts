/**
 * A global search is one statement for its people and their tickets, each with its typo fallback
 * inside, whatever it finds; the articles are one statement on the knowledge base's pool
 * (kb/search-misses.test.ts). Each statement is a round trip and, under load, most of what the API
 * spends on a search (docs/performance.md#what-the-misses-need). Counted with postgres.js's debug
 * hook, calling the service directly so the session lookup is not in the count.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { ZSearchResponse } from '@helpdesk/contracts';
import { signedIn, sql, type TestUser } from '../../test/helpers.ts';
import { kbSearchSql } from '../kb/pool.ts';
import { uniqueWord } from '../kb/test-fixtures.ts';
import { searchSql } from './pool.ts';
import { searchDesk } from './service.ts';

let agent: TestUser;
let endUser: TestUser;
const word = uniqueWord('sq');

beforeAll(async () => {
  agent = (await signedIn('agent')).user;
  endUser = (await signedIn('end_user')).user;
  await sql`
    insert into tickets (title, description, requester_id)
    values (${`${word} printer`}, 'Filed for the statement count.', ${endUser.id})`;
  // Connecting, the array types and the statistics' common words are read once per process.
  await searchDesk(agent, { q: 'warm up', limit: 5 });
  await searchDesk(endUser, { q: 'warm up', limit: 5 });
});

afterAll(() => {
  searchSql.options.debug = false;
  kbSearchSql.options.debug = false;
});

/** What one search sent on the search pool and on the knowledge base's pool, and what it found. */
async function searchCounted(viewer: TestUser, q: string) {
  const sent = { search: 0, articles: 0 };
  searchSql.options.debug = () => {
    sent.search += 1;
  };
  kbSearchSql.options.debug = () => {
    sent.articles += 1;
  };
  try {
    const body = ZSearchResponse.parse(await (await searchDesk(viewer, { q, limit: 5 })).json());
    return { sent, found: { tickets: body.tickets.length, users: body.users.length } };
  } finally {
    searchSql.options.debug = false;
    kbSearchSql.options.debug = false;
  }
}

describe('statements per global search', () => {
  test('staff: one for people and tickets, whether the words, a typo or nothing finds them', async () => {
    const typo = `${word.slice(0, 6)}${word.slice(7)}`;
    for (const q of [word, typo, uniqueWord('sq'), endUser.lastName]) {
      const { sent, found } = await searchCounted(agent, q);
      expect({ q, sent }).toEqual({ q, sent: { search: 1, articles: 1 } });
      if (q === word || q === typo) expect({ q, tickets: found.tickets }).toEqual({ q, tickets: 1 });
      // The person named brings their ticket in the same statement.
      if (q === endUser.lastName) {
        expect(found.users).toBeGreaterThan(0);
        expect(found.tickets).toBeGreaterThan(0);
      }
    }
  });

  test('an end user: one for their tickets (no people), the typo fallback inside it', async () => {
    const typo = `${word.slice(0, 6)}${word.slice(7)}`;
    for (const q of [word, typo, uniqueWord('sq')]) {
      const { sent, found } = await searchCounted(endUser, q);
      expect({ q, sent }).toEqual({ q, sent: { search: 1, articles: 1 } });
      expect(found.users).toBe(0);
      if (q !== typo && q !== word) expect(found.tickets).toBe(0);
      else expect({ q, tickets: found.tickets }).toEqual({ q, tickets: 1 });
    }
  });
});
