import { describe, expect, test } from 'bun:test';
import { API_PATHS } from '@helpdesk/contracts';
import { ticketListKey, ticketListPageUrl } from './list-filters.ts';
import { changeListSearch, hasListFilters, parseListSearch, viewSearch } from './list-search.ts';
import { requesterScope, requesterScopeSearch } from './requester-scope.ts';

const ID = '0b6f7c1e-8a1d-4f2b-9c3e-5d6a7b8c9d0e';

describe('parseListSearch', () => {
  test('keeps every known parameter', () => {
    expect(
      parseListSearch(
        {
          view: 'unassigned',
          sort: 'due',
          status: 'new,in_progress',
          priority: 'high',
          category: 'access',
          assignee: ID,
          team: 'none',
          q: ' printer ',
        },
        'agent',
      ),
    ).toEqual({
      view: 'unassigned',
      sort: 'due',
      status: 'new,in_progress',
      priority: 'high',
      category: 'access',
      assignee: ID,
      team: 'none',
      q: 'printer',
    });
  });

  test('drops unknown values, repeats and the defaults', () => {
    expect(parseListSearch({ view: 'nope', sort: 'size', status: 'new,bogus,new', q: '' }, 'agent')).toEqual({
      status: 'new',
    });
    expect(parseListSearch({ view: 'all' }, 'admin')).toEqual({});
    // Next deadline is My open tickets' own order: the address does not repeat it.
    expect(parseListSearch({ view: 'mine', sort: 'due' }, 'agent')).toEqual({ view: 'mine' });
    expect(parseListSearch({ assignee: 'someone', team: 'x' }, 'agent')).toEqual({});
  });

  test('a requester keeps only their views and no assignee or team', () => {
    expect(parseListSearch({ view: 'unassigned', assignee: 'me', team: ID }, 'end_user')).toEqual({});
    expect(parseListSearch({ view: 'open' }, 'end_user')).toEqual({ view: 'open' });
  });

  test('numbers the router parsed from the address are read as text', () => {
    expect(parseListSearch({ q: 404 }, 'agent')).toEqual({ q: '404' });
  });
});

describe('changeListSearch', () => {
  test('a new view keeps the filters and drops the old sort', () => {
    expect(
      changeListSearch({ view: 'mine', sort: 'priority', status: 'new' }, { view: 'unassigned' }),
    ).toEqual({
      view: 'unassigned',
      status: 'new',
    });
  });

  test('the default view and sort are left out, a cleared filter too', () => {
    expect(changeListSearch({ view: 'mine' }, { view: 'all' })).toEqual({});
    expect(changeListSearch({}, { sort: '-created' })).toEqual({});
    expect(changeListSearch({ q: 'vpn' }, { q: '' })).toEqual({});
    expect(changeListSearch({}, { sort: 'due' })).toEqual({ sort: 'due' });
  });

  test('a view link carries only its view', () => {
    expect(viewSearch('all')).toEqual({});
    expect(viewSearch('at_risk')).toEqual({ view: 'at_risk' });
  });

  test('filters are what the view does not say', () => {
    expect(hasListFilters({ view: 'mine', sort: 'due' })).toBe(false);
    expect(hasListFilters({ q: 'x' })).toBe(true);
  });
});

describe("a requester's switch", () => {
  test('open, closed and all each have their own address', () => {
    expect(requesterScopeSearch({}, 'open')).toEqual({ view: 'open' });
    expect(requesterScopeSearch({ view: 'open' }, 'closed')).toEqual({ status: 'resolved,closed' });
    expect(requesterScopeSearch({ status: 'resolved,closed', priority: 'low' }, 'all')).toEqual({
      priority: 'low',
    });
    expect(requesterScope({ view: 'open' })).toBe('open');
    expect(requesterScope({ status: 'resolved,closed' })).toBe('closed');
    expect(requesterScope({ status: 'new' })).toBe('all');
  });
});

describe('the request', () => {
  test('the state goes to GET /api/tickets under the same names, lists as one comma value', () => {
    const search = parseListSearch(
      { view: 'unassigned', sort: 'priority', status: 'new,in_progress', q: 'vpn down' },
      'agent',
    );
    expect(ticketListPageUrl(search, null)).toBe(
      '/api/tickets?view=unassigned&sort=priority&status=new%2Cin_progress&q=vpn+down',
    );
    expect(ticketListPageUrl(search, 'next')).toEndWith('&cursor=next');
  });

  test('each state caches its own pages', () => {
    expect(ticketListKey({ view: 'mine' })).not.toEqual(ticketListKey({ view: 'mine', sort: 'created' }));
    expect(ticketListKey({ view: 'mine', q: 'vpn' })).toEqual([
      API_PATHS.tickets,
      { view: 'mine', q: 'vpn' },
    ]);
  });
});
