/**
 * What the bench's writes are measured against: the raw server writing the same rows in one
 * transaction (bench/lib/write-ceilings.ts), at least 0.8x of it, and beside it, for information,
 * the one-row insert the writes used to be measured against.
 */
import type { LoadRequest } from './load.ts';
import type { Server } from './servers.ts';

export type WriteCeiling = { label: string; server: Server; request: LoadRequest; minRatio: number };

/** The share of its same-rows ceiling each write must reach. */
export const WRITE_MIN_RATIO = 0.8;

/**
 * The ceilings of create, comment and status change on `ceiling` (the raw server), over the same
 * tickets and in the same order as the product's requests: `openIds` are the bench's open tickets.
 */
export function writeCeilings(ceiling: Server, openIds: readonly string[]) {
  const same = (label: string, request: LoadRequest): WriteCeiling => ({
    label,
    server: ceiling,
    request,
    minRatio: WRITE_MIN_RATIO,
  });
  const json = { 'Content-Type': 'application/json' };
  // As the product's status change: 999 tickets (an odd number) listed twice, so each one is moved
  // to in progress in the first half and back to new in the second.
  const flipped = openIds.slice(0, 999);
  return {
    create: same('raw create, same rows', { method: 'POST', paths: ['/write/create'], headers: {} }),
    comment: same('raw comment, same rows', {
      method: 'POST',
      paths: openIds.map((id) => `/write/comment/${id}`),
      headers: {},
    }),
    statusChange: same('raw status change, same rows', {
      method: 'PATCH',
      paths: [...flipped, ...flipped].map((id) => `/write/status/${id}`),
      headers: json,
      bodies: [JSON.stringify({ status: 'in_progress' }), JSON.stringify({ status: 'new' })],
    }),
    /** The one-row insert (no event, no notification, no trigger work but the counters'). */
    insert: {
      label: 'raw insert (one row)',
      server: ceiling,
      request: { method: 'POST', paths: ['/insert'], headers: {} } as LoadRequest,
    },
  };
}
