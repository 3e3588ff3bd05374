import { describe, expect, test } from 'bun:test';
import { KB_LIMITS } from '@helpdesk/contracts';
import { addTags, commitCompletedTags, splitTags } from './tags.ts';

describe('splitTags', () => {
  test('commas and line breaks separate tags; spaces are tidied; empty parts vanish', () => {
    expect(splitTags('vpn, remote work ,,  globalprotect\nmfa')).toEqual([
      'vpn',
      'remote work',
      'globalprotect',
      'mfa',
    ]);
    expect(splitTags('  remote    work ')).toEqual(['remote work']);
    expect(splitTags(' , ,')).toEqual([]);
    expect(splitTags('')).toEqual([]);
  });
});

describe('addTags', () => {
  test('appends new tags and skips ones already there, in any letter case', () => {
    expect(addTags(['VPN'], 'vpn, wifi, Wifi')).toEqual({ tags: ['VPN', 'wifi'], problem: null });
  });

  test('a tag over the length cap is left out with a reason; the others are kept', () => {
    const long = 'x'.repeat(KB_LIMITS.tagMax + 1);
    expect(addTags([], `ok, ${long}, fine`)).toEqual({
      tags: ['ok', 'fine'],
      problem: `Tags can be at most ${KB_LIMITS.tagMax} characters`,
    });
    expect(addTags([], 'y'.repeat(KB_LIMITS.tagMax)).tags).toHaveLength(1);
  });

  test('no more than the tag cap', () => {
    const full = Array.from({ length: KB_LIMITS.tagsMax }, (_, i) => `t${i}`);
    expect(addTags(full, 'one more')).toEqual({ tags: full, problem: `At most ${KB_LIMITS.tagsMax} tags` });
    expect(addTags(full, 't3').problem).toBeNull();
  });
});

describe('commitCompletedTags', () => {
  test('text without a comma stays in the box', () => {
    expect(commitCompletedTags(['a'], 'remo')).toEqual({ tags: ['a'], problem: null, draft: 'remo' });
  });

  test('what comes before the last comma becomes tags, the rest stays', () => {
    expect(commitCompletedTags([], 'vpn, remote work, glo')).toEqual({
      tags: ['vpn', 'remote work'],
      problem: null,
      draft: 'glo',
    });
    expect(commitCompletedTags(['vpn'], 'vpn,')).toEqual({ tags: ['vpn'], problem: null, draft: '' });
  });
});
