import { describe, expect, test } from 'bun:test';
import { buildLineDiff, KB_REVISION_LIMITS } from './kb-revisions.ts';

const linesOf = (diff: ReturnType<typeof buildLineDiff>) => diff.hunks.flatMap((hunk) => hunk.lines);

describe('buildLineDiff', () => {
  test('a line added after the last one is the only change', () => {
    expect(linesOf(buildLineDiff('a\nb', 'a\nb\nc'))).toEqual([' a', ' b', '+c']);
  });

  test('changed lines are removed then added, with context around them', () => {
    const before = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].join('\n');
    const after = before.replace('5', 'five');
    expect(linesOf(buildLineDiff(before, after))).toEqual([
      ' 2',
      ' 3',
      ' 4',
      '-5',
      '+five',
      ' 6',
      ' 7',
      ' 8',
    ]);
  });

  test('equal texts have no hunks', () => {
    expect(buildLineDiff('same', 'same')).toEqual({ hunks: [], truncated: false, tooLarge: false });
  });

  test('a rewrite longer than the line budget is cut and says so', () => {
    const many = (prefix: string) => Array.from({ length: 1500 }, (_, n) => `${prefix}${n}`).join('\n');
    const diff = buildLineDiff(many('a'), many('b'));
    expect(diff.truncated || diff.tooLarge).toBe(true);
    expect(linesOf(diff).length).toBeLessThanOrEqual(KB_REVISION_LIMITS.diffLinesMax);
  });
});
