import { describe, expect, test } from 'bun:test';
import { ZRealtimeTicketEvent } from '@helpdesk/contracts';
import { readTicketEventId } from './realtime-event.ts';

const ID = '7d9f1c2e-3b4a-4c5d-8e6f-0a1b2c3d4e5f';

/** What the schema answers: the guard must answer the same. */
function schemaAnswer(value: unknown): string | null {
  const parsed = ZRealtimeTicketEvent.safeParse(value);
  return parsed.success ? parsed.data.ticketId : null;
}

describe('readTicketEventId', () => {
  test('a ticket event gives its id', () => {
    for (const id of [ID, ID.toUpperCase(), '00000000-0000-0000-0000-000000000000']) {
      expect(readTicketEventId({ ticketId: id })).toBe(id);
      expect(schemaAnswer({ ticketId: id })).toBe(id);
    }
  });

  test('wrong, missing and hostile shapes are ignored, as the schema ignores them', () => {
    const refused: unknown[] = [
      null,
      undefined,
      ID,
      42,
      [],
      [ID],
      {},
      { ticketID: ID },
      { ticketId: null },
      { ticketId: 42 },
      { ticketId: [ID] },
      { ticketId: `${ID} ` },
      { ticketId: `${ID}\n` },
      { ticketId: 'not-a-uuid' },
      { ticketId: '7d9f1c2e-3b4a-9c5d-8e6f-0a1b2c3d4e5f' },
      { ticketId: '../../admin' },
      { ticketId: 'x'.repeat(100_000) },
      // Strict: an extra key is refused, not ignored.
      { ticketId: ID, title: 'leak' },
      JSON.parse(`{"ticketId":"${ID}","__proto__":{"polluted":true}}`),
    ];
    for (const value of refused) {
      expect(readTicketEventId(value)).toBeNull();
      expect(schemaAnswer(value)).toBeNull();
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
