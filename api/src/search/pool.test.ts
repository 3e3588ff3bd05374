import { expect, test } from 'bun:test';
import { sql } from '../db.ts';
import { searchSql } from './pool.ts';
import { GIN_SAMPLE, SEARCH_SESSION_SETTINGS, selectPeopleAndTickets } from './queries.ts';
import { buildDeskSearchTerms } from './search-terms.ts';

test("the search pool's sessions start with the search settings; the main pool's do not", async () => {
  const names = Object.keys(SEARCH_SESSION_SETTINGS);
  const read = async (db: typeof sql) =>
    Object.fromEntries(
      await Promise.all(
        names.map(async (name) => {
          const [row] = await db<{ value: string }[]>`select current_setting(${name}) as value`;
          return [name, row?.value] as const;
        }),
      ),
    );
  expect(await read(searchSql)).toEqual({ ...SEARCH_SESSION_SETTINGS });
  const main = await read(sql);
  expect(main.enable_seqscan).toBe('on');
  expect(main.gin_fuzzy_search_limit).toBe('0');
});

test('the search pool plans each statement once and keeps that plan, whatever the words', async () => {
  const [row] = await searchSql<{ mode: string; seqscan: string; gin: string }[]>`
    select current_setting('plan_cache_mode') as mode, current_setting('enable_seqscan') as seqscan,
           current_setting('gin_fuzzy_search_limit') as gin`;
  expect(row).toEqual({ mode: 'force_generic_plan', seqscan: 'off', gin: String(GIN_SAMPLE) });
  // Staff's search of people and tickets for three different searches on one of the pool's
  // connections: one prepared statement, never planned for its words.
  const connection = await searchSql.reserve();
  try {
    for (const q of ['printer', 'zzzrareword', 'timeout']) {
      const terms = buildDeskSearchTerms(q);
      await selectPeopleAndTickets(
        connection,
        {
          allWords: terms.people?.allWords ?? '',
          exactIdentity: terms.exactIdentity,
          similarText: terms.people?.text ?? null,
          limit: 5,
        },
        {
          anyWords: terms.text?.anyWords ?? null,
          allWords: terms.text?.allWords ?? null,
          exactNumber: null,
          numberRanges: [],
          commonLexemes: [],
          similarText: terms.text?.text ?? null,
          scope: { requesterId: null, includeInternal: true },
          limit: 5,
        },
      );
    }
    const plans = await connection<{ generic: number; custom: number }[]>`
      select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
      where strpos(statement, 'text_walk') > 0 and strpos(statement, 'pg_prepared_statements') = 0`;
    expect([...plans]).toEqual([{ generic: 3, custom: 0 }]);
  } finally {
    connection.release();
  }
});
