import { describe, expect, test } from 'bun:test';
import type { TSearchResponse } from '@helpdesk/contracts';
import {
  flattenGroups,
  groupResults,
  highlightSegments,
  isSlashForSomethingElse,
  moveActiveIndex,
  NO_ACTIVE_OPTION,
  optionHref,
  pageSearchTerm,
  searchKeyAction,
  searchPageHref,
  settledTypeaheadTerm,
  typeaheadTerm,
} from './search-model.ts';

const TICKET_ID = '11111111-1111-4111-8111-111111111111';
const USER_ID = '22222222-2222-4222-8222-222222222222';
const ARTICLE_ID = '33333333-3333-4333-8333-333333333333';

const RESULT: TSearchResponse = {
  tickets: [
    {
      id: TICKET_ID,
      ticketNumber: 'TKT-000123',
      title: 'VPN drops',
      titleHighlights: [{ start: 0, end: 3 }],
      status: 'new',
      priority: 'high',
      requester: { id: USER_ID, firstName: 'Ada', lastName: 'Lovelace' },
      assignee: null,
      snippetSource: 'description',
      snippet: { text: 'The VPN drops hourly', highlights: [{ start: 4, end: 7 }] },
    },
  ],
  users: [
    {
      id: USER_ID,
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada',
      email: 'ada@example.com',
      role: 'agent',
      status: 'active',
    },
  ],
  articles: [
    {
      id: ARTICLE_ID,
      title: 'Setting up the VPN',
      titleHighlights: [{ start: 15, end: 18 }],
      status: 'published',
      category: { id: ARTICLE_ID, name: 'Network' },
      snippet: { text: 'Install the client', highlights: [] },
    },
  ],
};

describe('grouping', () => {
  test('staff: Tickets, People, Knowledge base, each option with where it opens', () => {
    const groups = groupResults(RESULT, 'agent');
    expect(groups.map((group) => group.heading)).toEqual(['Tickets', 'People', 'Knowledge base']);
    expect(flattenGroups(groups).map((option) => option.href)).toEqual([
      `/tickets/${TICKET_ID}`,
      '/search?q=ada',
      `/kb/article/${ARTICLE_ID}`,
    ]);
  });

  test('an end user never gets a People group, even if people came back', () => {
    expect(groupResults(RESULT, 'end_user').map((group) => group.heading)).toEqual([
      'Tickets',
      'Knowledge base',
    ]);
  });

  test('empty groups are left out', () => {
    expect(
      groupResults({ tickets: [], users: [], articles: RESULT.articles }, 'admin').map((g) => g.kind),
    ).toEqual(['article']);
    expect(groupResults({ tickets: [], users: [], articles: [] }, 'admin')).toEqual([]);
  });

  test('hrefs are encoded: a username with odd characters cannot leave the search page', () => {
    expect(optionHref({ kind: 'user', hit: { username: 'a&b/../x' } })).toBe('/search?q=a%26b%2F..%2Fx');
    expect(searchPageHref('TKT-123 #1')).toBe('/search?q=TKT-123%20%231');
  });
});

describe('keyboard', () => {
  const options = flattenGroups(groupResults(RESULT, 'agent'));
  const state = (activeIndex: number, text = 'vpn') => ({ activeIndex, options, text });

  test('arrows walk the options and wrap at both ends', () => {
    expect(moveActiveIndex(NO_ACTIVE_OPTION, 3, 'down')).toBe(0);
    expect(moveActiveIndex(0, 3, 'down')).toBe(1);
    expect(moveActiveIndex(2, 3, 'down')).toBe(0);
    expect(moveActiveIndex(NO_ACTIVE_OPTION, 3, 'up')).toBe(2);
    expect(moveActiveIndex(0, 3, 'up')).toBe(2);
    expect(moveActiveIndex(2, 3, 'up')).toBe(1);
    expect(moveActiveIndex(0, 0, 'down')).toBe(NO_ACTIVE_OPTION);
    // A stale index (the list got shorter) starts over.
    expect(moveActiveIndex(7, 3, 'down')).toBe(0);
    expect(searchKeyAction('ArrowDown', state(NO_ACTIVE_OPTION))).toEqual({ type: 'move', index: 0 });
    expect(searchKeyAction('ArrowUp', state(0))).toEqual({ type: 'move', index: 2 });
  });

  test('Enter opens the highlighted result, or with none the full results page', () => {
    expect(searchKeyAction('Enter', state(0))).toEqual({ type: 'open', href: `/tickets/${TICKET_ID}` });
    expect(searchKeyAction('Enter', state(2))).toEqual({ type: 'open', href: `/kb/article/${ARTICLE_ID}` });
    expect(searchKeyAction('Enter', state(NO_ACTIVE_OPTION, '  vpn  '))).toEqual({
      type: 'open',
      href: '/search?q=vpn',
    });
    expect(searchKeyAction('Enter', { activeIndex: NO_ACTIVE_OPTION, options: [], text: '12' })).toEqual({
      type: 'open',
      href: '/search?q=12',
    });
    expect(searchKeyAction('Enter', { activeIndex: NO_ACTIVE_OPTION, options: [], text: ' a ' })).toEqual({
      type: 'none',
    });
  });

  test('Escape closes; other keys are typing', () => {
    expect(searchKeyAction('Escape', state(1))).toEqual({ type: 'close' });
    expect(searchKeyAction('a', state(1))).toEqual({ type: 'none' });
    expect(searchKeyAction('Tab', state(1))).toEqual({ type: 'none' });
  });

  test("'/' is the shortcut except while typing or inside a dialog or menu", () => {
    const element = (tagName: string, inside: string | null = null, isContentEditable = false) => ({
      tagName,
      isContentEditable,
      closest: (selector: string) => (inside !== null && selector.includes(inside) ? {} : null),
    });
    expect(isSlashForSomethingElse(null)).toBe(false);
    expect(isSlashForSomethingElse(element('BODY'))).toBe(false);
    expect(isSlashForSomethingElse(element('BUTTON'))).toBe(false);
    expect(isSlashForSomethingElse(element('INPUT'))).toBe(true);
    expect(isSlashForSomethingElse(element('TEXTAREA'))).toBe(true);
    expect(isSlashForSomethingElse(element('SELECT'))).toBe(true);
    expect(isSlashForSomethingElse(element('DIV', null, true))).toBe(true);
    expect(isSlashForSomethingElse(element('BUTTON', 'dialog'))).toBe(true);
    expect(isSlashForSomethingElse(element('DIV', 'menu'))).toBe(true);
  });
});

describe('terms', () => {
  test('the header box searches above 2 characters; the results page from 2', () => {
    expect(typeaheadTerm('ab')).toBeNull();
    expect(typeaheadTerm('  abc ')).toBe('abc');
    expect(pageSearchTerm(' 12 ')).toBe('12');
    expect(pageSearchTerm('1')).toBeNull();
    expect(typeaheadTerm('x'.repeat(500))).toHaveLength(200);
  });

  test('results vanish at once when the box is cleared, before the debounce settles', () => {
    expect(settledTypeaheadTerm('', 'printer')).toBeNull();
    expect(settledTypeaheadTerm('printer', 'print')).toBe('print');
    expect(settledTypeaheadTerm('printer', 'pr')).toBeNull();
  });
});

describe('highlighted text', () => {
  test('plain and marked parts in order', () => {
    expect(highlightSegments('The VPN drops', [{ start: 4, end: 7 }])).toEqual([
      { text: 'The ', isMarked: false },
      { text: 'VPN', isMarked: true },
      { text: ' drops', isMarked: false },
    ]);
    expect(highlightSegments('vpn', [{ start: 0, end: 3 }])).toEqual([{ text: 'vpn', isMarked: true }]);
    expect(highlightSegments('vpn', [])).toEqual([{ text: 'vpn', isMarked: false }]);
    expect(highlightSegments('', [])).toEqual([]);
  });

  test('bad ranges are clipped, merged or dropped; the text always comes back whole', () => {
    const text = 'abcdefghij';
    const ranges = [
      { start: 8, end: 50 },
      { start: 2, end: 5 },
      { start: 3, end: 6 },
      { start: 7, end: 7 },
      { start: -4, end: 1 },
    ];
    const segments = highlightSegments(text, ranges);
    expect(segments.map((segment) => segment.text).join('')).toBe(text);
    expect(segments.filter((segment) => segment.isMarked).map((segment) => segment.text)).toEqual([
      'a',
      'cdef',
      'ij',
    ]);
  });

  test('markup stays text', () => {
    const text = '<img src=x onerror=alert(1)> vpn';
    expect(highlightSegments(text, [{ start: 29, end: 32 }])).toEqual([
      { text: '<img src=x onerror=alert(1)> ', isMarked: false },
      { text: 'vpn', isMarked: true },
    ]);
  });
});
