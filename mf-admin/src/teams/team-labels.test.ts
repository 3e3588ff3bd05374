import { expect, test } from 'bun:test';
import { memberCountText } from './team-labels.ts';

test('member count is singular for one member and plural otherwise', () => {
  expect(memberCountText(0)).toBe('0 members');
  expect(memberCountText(1)).toBe('1 member');
  expect(memberCountText(2)).toBe('2 members');
  expect(memberCountText(25)).toBe('25 members');
});
