import { TICKET_MESSAGES } from '@helpdesk/contracts';
import { isCursorTime, isRowId } from '../db/cursor-parts.ts';
import { badRequest } from '../errors.ts';

/** A position in the ticket list: the last row's created_at (PostgreSQL text, microseconds, UTC) and id. */
export type ListPosition = { at: string; id: string };

/** The opaque cursor for a position: base64url of "createdAt|id". */
export function encodeCursor(position: ListPosition): string {
  return Buffer.from(`${position.at}|${position.id}`, 'utf8').toString('base64url');
}

/** Reads a cursor back; anything that is not one we made is a 400 (never a database error). */
export function decodeCursor(cursor: string): ListPosition {
  const invalid = () => badRequest(TICKET_MESSAGES.invalidCursor, { cursor: TICKET_MESSAGES.invalidCursor });
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const [at, id, ...rest] = text.split('|');
  if (at === undefined || id === undefined || rest.length > 0 || !isRowId(id) || !isCursorTime(at)) {
    throw invalid();
  }
  return { at, id };
}
