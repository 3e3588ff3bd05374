import { createHash } from 'node:crypto';
import { TICKET_LIST_MESSAGES, TICKET_MESSAGES } from '@helpdesk/contracts';
import { isCursorTime, isRowId } from '../db/cursor-parts.ts';
import { badRequest } from '../errors.ts';
import { decodeCursor, type ListPosition } from './cursor.ts';

/**
 * Where a queue page ended: the last row's sort key values, in the order of the sort's index.
 * `part` is the due order's half (0: tickets with a deadline, 1: those without); always 0 otherwise.
 * Times are PostgreSQL's UTC text at full precision; the priority key is its rank (0..3).
 */
export type QueuePosition = { part: 0 | 1; keys: (string | number)[]; id: string };

/** What a queue cursor must carry for its list: the key kinds of each part, in order. */
export type QueueKeyKinds = readonly ('time' | 'rank')[];

const FINGERPRINT_LENGTH = 10;

/** A short digest of the list a cursor belongs to (view, sort, filters): another list's cursor is refused. */
export function listFingerprint(list: unknown): string {
  return createHash('sha256').update(JSON.stringify(list)).digest('base64url').slice(0, FINGERPRINT_LENGTH);
}

/** The opaque cursor: base64url of JSON [fingerprint, part, ...keys, id]. */
export function encodeQueueCursor(fingerprint: string, position: QueuePosition): string {
  return Buffer.from(
    JSON.stringify([fingerprint, position.part, ...position.keys, position.id]),
    'utf8',
  ).toString('base64url');
}

const invalid = () => badRequest(TICKET_MESSAGES.invalidCursor, { cursor: TICKET_MESSAGES.invalidCursor });
const mismatch = () =>
  badRequest(TICKET_LIST_MESSAGES.cursorMismatch, { cursor: TICKET_LIST_MESSAGES.cursorMismatch });

/** The cursor's JSON array, or null when it is not one (a cursor of the plain newest-first list, or junk). */
function parseArray(cursor: string): unknown[] | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

const isKey = (value: unknown, kind: 'time' | 'rank') =>
  kind === 'time'
    ? typeof value === 'string' && isCursorTime(value)
    : typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 3;

/**
 * Reads a queue cursor back. Another list's cursor (its fingerprint differs, or it is the plain
 * list's "time|id" cursor) is a 400 cursorMismatch; anything we never made a 400 invalidCursor.
 */
export function decodeQueueCursor(
  cursor: string,
  fingerprint: string,
  kinds: (part: 0 | 1) => QueueKeyKinds,
): QueuePosition {
  const parts = parseArray(cursor);
  if (parts === null) {
    // The plain list's cursor ("time|id" in base64url) is a real cursor of another list.
    const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
    const [at, id, ...rest] = text.split('|');
    if (at !== undefined && id !== undefined && rest.length === 0 && isCursorTime(at) && isRowId(id))
      throw mismatch();
    throw invalid();
  }
  const [print, part, ...rest] = parts;
  if (typeof print !== 'string' || (part !== 0 && part !== 1)) throw invalid();
  const id = rest.pop();
  if (typeof id !== 'string' || !isRowId(id)) throw invalid();
  if (!rest.every((value) => isKey(value, 'time') || isKey(value, 'rank'))) throw invalid();
  if (print !== fingerprint) throw mismatch();
  const expected = kinds(part);
  if (
    rest.length !== expected.length ||
    !rest.every((value, index) => isKey(value, expected[index] ?? 'time'))
  ) {
    throw invalid();
  }
  return { part, keys: rest as (string | number)[], id };
}

/** The plain list's cursor (cursor.ts); a queue's cursor there is another list's: 400 cursorMismatch. */
export function decodePlainCursor(cursor: string): ListPosition {
  const parts = parseArray(cursor);
  if (parts !== null && typeof parts[0] === 'string' && (parts[1] === 0 || parts[1] === 1)) throw mismatch();
  return decodeCursor(cursor);
}
