import { TICKET_MESSAGES } from '@helpdesk/contracts';
import { badRequest } from '../errors.ts';

/** A position in the ticket list: the last row's created_at (PostgreSQL text, microseconds, UTC) and id. */
export type ListPosition = { at: string; id: string };

const AT_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?\+00$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The opaque cursor for a position: base64url of "createdAt|id". */
export function encodeCursor(position: ListPosition): string {
  return Buffer.from(`${position.at}|${position.id}`, 'utf8').toString('base64url');
}

/** A real calendar time: '2025-02-30 ...' matches the pattern but is no date, and PostgreSQL would refuse it. */
function isRealTime(match: RegExpExecArray): boolean {
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match.slice(1, 7).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

/** Reads a cursor back; anything that is not one we made is a 400 (never a database error). */
export function decodeCursor(cursor: string): ListPosition {
  const invalid = () => badRequest(TICKET_MESSAGES.invalidCursor, { cursor: TICKET_MESSAGES.invalidCursor });
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const [at, id, ...rest] = text.split('|');
  if (at === undefined || id === undefined || rest.length > 0 || !UUID_PATTERN.test(id)) throw invalid();
  const match = AT_PATTERN.exec(at);
  if (!match || !isRealTime(match)) throw invalid();
  return { at, id };
}
