import { describe, expect, test } from 'bun:test';
import { buildDeskSearchTerms, parseTicketNumber } from './search-terms.ts';

describe('ticket numbers in a search', () => {
  test('every spelling of a number finds it exactly', () => {
    for (const q of ['TKT-000123', 'tkt-000123', 'TKT-123', 'tkt123', '#123', '123', '000123', '  123  ']) {
      expect(parseTicketNumber(q.trim())?.exact, q).toBe('TKT-000123');
    }
    expect(parseTicketNumber('1234567')?.exact).toBe('TKT-1234567');
  });

  test('digits as typed are prefixes of every longer number', () => {
    expect(parseTicketNumber('123')?.ranges).toEqual([
      { from: 'TKT-00123', to: 'TKT-00124' },
      { from: 'TKT-0123', to: 'TKT-0124' },
      { from: 'TKT-123', to: 'TKT-124' },
    ]);
    // Six digits: the exact number also starts seven-digit ones.
    expect(parseTicketNumber('123456')?.ranges).toEqual([{ from: 'TKT-123456', to: 'TKT-123457' }]);
    // A trailing 9 rolls over to ':', the character after '9' in byte order.
    expect(parseTicketNumber('99')?.ranges.at(-1)).toEqual({ from: 'TKT-99', to: 'TKT-9:' });
    // Leading zeros are typed as the stored text is: a prefix as it stands.
    expect(parseTicketNumber('0001')?.ranges).toEqual([{ from: 'TKT-0001', to: 'TKT-0002' }]);
  });

  test('no number: words, zero, too many digits, digits inside words', () => {
    for (const q of ['printer', '0', '000', '1234567890123', 'abc123', '12a', 'TKT-', '1.5', '-12']) {
      expect(parseTicketNumber(q), q).toBeNull();
    }
    expect(parseTicketNumber('vpn ticket 42')?.exact).toBe('TKT-000042');
  });
});

describe('desk search terms', () => {
  test('only letters and digits reach a tsquery; people words are all prefixes', () => {
    const terms = buildDeskSearchTerms("Jo O'Brien!");
    expect(terms.text?.anyWords).toBe('jo | o | brien:*');
    expect(terms.people).toEqual({ allWords: 'jo:* & o:* & brien:*', text: 'jo o brien' });
    expect(buildDeskSearchTerms("'; drop table users; --").people?.allWords).toBe(
      'drop:* & table:* & users:*',
    );
    for (const nothing of ['%%', '__', ':*', '&|!()', '🙂🙂', '\\\\']) {
      const empty = buildDeskSearchTerms(nothing);
      expect(empty.text, nothing).toBeNull();
      expect(empty.people).toBeNull();
      expect(empty.number).toBeNull();
    }
  });

  test('an exact identity only when the whole search could be a username or an email', () => {
    expect(buildDeskSearchTerms(' Jane.Doe@Example.com ').exactIdentity).toBe('jane.doe@example.com');
    expect(buildDeskSearchTerms('plan_user_7').exactIdentity).toBe('plan_user_7');
    expect(buildDeskSearchTerms('jane doe').exactIdentity).toBeNull();
    expect(buildDeskSearchTerms("x' or '1'='1").exactIdentity).toBeNull();
    expect(buildDeskSearchTerms('a\u0000b').exactIdentity).toBeNull();
  });

  test('the words to mark: the search words and a number without its zeros', () => {
    expect(buildDeskSearchTerms('VPN vpn TKT-000042').highlightWords).toEqual(['vpn', 'tkt', '000042', '42']);
  });
});
