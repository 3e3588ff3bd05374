import { describe, expect, test } from 'bun:test';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '@helpdesk/contracts/constants';
import { ticketPriorityBadge, ticketStatusBadge } from './ticket-badges.ts';

describe('ticket badges', () => {
  test('statuses read as the spec names them', () => {
    expect(TICKET_STATUSES.map((s) => ticketStatusBadge(s).label)).toEqual([
      'New',
      'In Progress',
      'Resolved',
      'Closed',
    ]);
  });

  test('priorities read as the spec names them', () => {
    expect(TICKET_PRIORITIES.map((p) => ticketPriorityBadge(p).label)).toEqual([
      'Low',
      'Medium',
      'High',
      'Critical',
    ]);
  });

  test('every value of a kind has its own colours; critical is red', () => {
    expect(new Set(TICKET_STATUSES.map((s) => ticketStatusBadge(s).className)).size).toBe(4);
    expect(new Set(TICKET_PRIORITIES.map((p) => ticketPriorityBadge(p).className)).size).toBe(4);
    expect(ticketPriorityBadge('critical').className).toContain('text-red-700');
  });
});
