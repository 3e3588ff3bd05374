import { expect, test } from 'bun:test';
import { sql } from '../db.ts';
import { searchFallbackSql, searchSql } from './pool.ts';
import { GIN_SAMPLE, SEARCH_SESSION_SETTINGS } from './queries.ts';

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

test("the typo fallbacks' pool has the search settings and keeps each statement's plan", async () => {
  const [row] = await searchFallbackSql<{ mode: string; seqscan: string; gin: string }[]>`
    select current_setting('plan_cache_mode') as mode, current_setting('enable_seqscan') as seqscan,
           current_setting('gin_fuzzy_search_limit') as gin`;
  expect(row).toEqual({ mode: 'force_generic_plan', seqscan: 'off', gin: String(GIN_SAMPLE) });
});
