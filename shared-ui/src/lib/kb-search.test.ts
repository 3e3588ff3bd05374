import { describe, expect, test } from 'bun:test';
import { KB_LIMITS } from '@helpdesk/contracts/constants';
import { queryKeyToUrl } from './api-client.ts';
import { kbSearchKey, kbSearchTerm, settledKbSearchTerm } from './kb-search.ts';

describe('kbSearchTerm (only above 2 characters)', () => {
  test('2 characters or fewer is no search', () => {
    expect(kbSearchTerm('')).toBeNull();
    expect(kbSearchTerm('vp')).toBeNull();
    expect(kbSearchTerm('  vp  ')).toBeNull();
    expect(kbSearchTerm('      ')).toBeNull();
  });

  test('3 characters and more search for the trimmed text', () => {
    expect(kbSearchTerm('vpn')).toBe('vpn');
    expect(kbSearchTerm('  reset password ')).toBe('reset password');
    expect(kbSearchTerm("50% off 'quotes'")).toBe("50% off 'quotes'");
  });

  test('an over-long text is cut to the API cap instead of being refused', () => {
    const term = kbSearchTerm(`${'a'.repeat(KB_LIMITS.searchQueryMax)} tail`);
    expect(term).toHaveLength(KB_LIMITS.searchQueryMax);
    expect(kbSearchTerm(`${'x'.repeat(KB_LIMITS.searchQueryMax - 1)}  more`)).toHaveLength(
      KB_LIMITS.searchQueryMax - 1,
    );
  });
});

describe('settledKbSearchTerm', () => {
  test('a box that became too short stops searching at once, without waiting for the debounce', () => {
    expect(settledKbSearchTerm('vp', 'vpn')).toBeNull();
  });

  test('otherwise the debounced text decides', () => {
    expect(settledKbSearchTerm('vpn', 'vp')).toBeNull();
    expect(settledKbSearchTerm('vpn c', 'vpn')).toBe('vpn');
    expect(settledKbSearchTerm('vpn', 'vpn')).toBe('vpn');
  });
});

describe('kbSearchKey', () => {
  test('the default query function turns it into the search URL, the text encoded', () => {
    expect(queryKeyToUrl(kbSearchKey('vpn'))).toBe('/api/kb/articles/search?q=vpn');
    expect(queryKeyToUrl(kbSearchKey('50% & more', 3))).toBe(
      '/api/kb/articles/search?q=50%25+%26+more&limit=3',
    );
  });
});
