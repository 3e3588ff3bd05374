import { describe, expect, test } from 'bun:test';
import { viewCountText } from '../ticket-list/view-counts.ts';
import { bulkOutcome } from './bulk-outcome.ts';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('bulkOutcome', () => {
  test('all changed', () => {
    const results = [A, B].map((id) => ({ id, ok: true }));
    expect(bulkOutcome({ results }, new Map())).toEqual({ summary: '2 tickets changed', refused: [] });
  });

  test('the refused are named by number, with the reason', () => {
    const outcome = bulkOutcome(
      {
        results: [
          { id: A, ok: true },
          { id: B, ok: false, error: 'Ticket is closed' },
        ],
      },
      new Map([[B, 'HD-7']]),
    );
    expect(outcome).toEqual({
      summary: '1 ticket changed, 1 refused',
      refused: [{ ticketNumber: 'HD-7', reason: 'Ticket is closed' }],
    });
    expect(bulkOutcome({ results: [{ id: A, ok: false }] }, new Map()).summary).toBe(
      'No ticket changed, 1 refused',
    );
  });
});

describe('viewCountText', () => {
  test('a capped count reads N+, and is spoken', () => {
    const counts = { views: { mine: 3, all: 1000, unassigned: 1 }, capped: ['all' as const] };
    expect(viewCountText(counts, 'mine')).toEqual({ shown: '3', noun: 'tickets' });
    expect(viewCountText(counts, 'unassigned')).toEqual({ shown: '1', noun: 'ticket' });
    expect(viewCountText(counts, 'all')).toEqual({ shown: '1000+', noun: 'tickets' });
    expect(viewCountText(counts, 'waiting')).toBeNull();
    expect(viewCountText(undefined, 'mine')).toBeNull();
  });
});
