import { isPlainRecord } from '@helpdesk/shared-ui';

// zod's z.uuid() pattern (any version, plus the nil and max UUIDs), so the guard accepts what the
// server's ZRealtimeTicketEvent does.
const UUID_PATTERN =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/**
 * The ticket id of a `ticket` event's data (contracts' ZRealtimeTicketEvent: exactly
 * `{ ticketId: <uuid> }`), or null for anything else. Hand-written so live updates, which start
 * with the shell, do not load zod.
 */
export function readTicketEventId(data: unknown): string | null {
  if (!isPlainRecord(data)) return null;
  const keys = Object.keys(data);
  if (keys.length !== 1 || keys[0] !== 'ticketId') return null;
  const { ticketId } = data;
  return typeof ticketId === 'string' && UUID_PATTERN.test(ticketId) ? ticketId : null;
}
