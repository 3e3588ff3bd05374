import { describe, expect, test } from 'bun:test';
import { API_PATHS } from '@helpdesk/contracts';
import {
  emptyTicketListText,
  isFiltered,
  NO_FILTERS,
  PRIORITY_FILTER_OPTIONS,
  STATUS_FILTER_OPTIONS,
  ticketListKey,
  ticketListPageUrl,
  ticketListTitle,
  toPriorityFilter,
  toStatusFilter,
} from './list-filters.ts';

describe('filter options', () => {
  test('offer exactly the texts of the spec', () => {
    expect(STATUS_FILTER_OPTIONS.map((o) => o.label)).toEqual([
      'All Status',
      'New',
      'In Progress',
      'Resolved',
      'Closed',
    ]);
    expect(PRIORITY_FILTER_OPTIONS.map((o) => o.label)).toEqual([
      'All Priority',
      'Low',
      'Medium',
      'High',
      'Critical',
    ]);
  });

  test('select values narrow to a known filter, anything else to all', () => {
    expect(toStatusFilter('in_progress')).toBe('in_progress');
    expect(toStatusFilter('pending')).toBe('all');
    expect(toPriorityFilter('critical')).toBe('critical');
    expect(toPriorityFilter('urgent')).toBe('all');
  });
});

describe('requests', () => {
  test('the key is the tickets path and the filters', () => {
    expect(ticketListKey({ status: 'new', priority: 'all' })).toEqual([
      API_PATHS.tickets,
      { status: 'new', priority: 'all' },
    ]);
  });

  test("filters are query parameters, omitted when 'all'", () => {
    expect(ticketListPageUrl(NO_FILTERS, null)).toBe('/api/tickets');
    expect(ticketListPageUrl({ status: 'in_progress', priority: 'all' }, null)).toBe(
      '/api/tickets?status=in_progress',
    );
    expect(ticketListPageUrl({ status: 'all', priority: 'high' }, null)).toBe('/api/tickets?priority=high');
    expect(ticketListPageUrl({ status: 'closed', priority: 'low' }, null)).toBe(
      '/api/tickets?status=closed&priority=low',
    );
  });

  test('later pages carry the cursor, encoded', () => {
    expect(ticketListPageUrl({ status: 'new', priority: 'all' }, 'abc+/=')).toBe(
      '/api/tickets?status=new&cursor=abc%2B%2F%3D',
    );
  });
});

describe('texts', () => {
  test('the page is My Tickets for requesters, All Tickets for agents and admins', () => {
    expect(ticketListTitle('end_user')).toBe('My Tickets');
    expect(ticketListTitle('agent')).toBe('All Tickets');
    expect(ticketListTitle('admin')).toBe('All Tickets');
  });

  test('the empty text blames the filters when a filter is set', () => {
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ status: 'all', priority: 'low' })).toBe(true);
    expect(emptyTicketListText({ status: 'new', priority: 'all' }, 'agent').hint).toContain('filters');
    expect(emptyTicketListText(NO_FILTERS, 'end_user').hint).toContain('New Ticket');
    expect(emptyTicketListText(NO_FILTERS, 'admin').title).toBe('No tickets found');
  });
});
