/** The effect on plans is checked at scale in tickets/at-scale.test.ts. */
import { describe, expect, test } from 'bun:test';
import { sql } from '../../test/helpers.ts';
import { LITERAL_LIMIT_MAX, literalLimit } from './literal-limit.ts';

describe('literalLimit', () => {
  test('writes an integer into the text', async () => {
    const rows = await sql`select g from generate_series(1, 10) g order by g limit ${literalLimit(3)}`;
    expect(rows.map((row) => row.g)).toEqual([1, 2, 3]);
    expect(await sql`select 1 limit ${literalLimit(0)}`).toHaveLength(0);
  });

  test.each([
    ['a fraction', 1.5],
    ['a negative number', -1],
    ['NaN', Number.NaN],
    ['infinity', Number.POSITIVE_INFINITY],
    ['more than the ceiling', LITERAL_LIMIT_MAX + 1],
    ['an unsafe integer', 2 ** 53],
  ])('refuses %s', (_label, value) => {
    expect(() => literalLimit(value)).toThrow(RangeError);
  });

  test('refuses text that would smuggle SQL in (types aside, at run time)', () => {
    expect(() => literalLimit('1; drop table tickets' as unknown as number)).toThrow(RangeError);
  });
});
