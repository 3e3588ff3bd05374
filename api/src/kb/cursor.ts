import { KB_MESSAGES } from '@helpdesk/contracts';
import { badRequest } from '../errors.ts';

/** Where a list page ended: newest update first lists, or the popular list (most read first). */
export type ListPosition =
  | { kind: 'updated'; at: string; id: string }
  | { kind: 'popular'; recentViews: number; viewCount: number; id: string };

const AT_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?\+00$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const COUNT_PATTERN = /^(0|[1-9]\d{0,9})$/;
const MAX_INT = 2_147_483_647;

/** The opaque cursor for a position: base64url of its '|'-joined parts. */
export function encodeCursor(position: ListPosition): string {
  const text =
    position.kind === 'updated'
      ? `u|${position.at}|${position.id}`
      : `p|${position.recentViews}|${position.viewCount}|${position.id}`;
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** '2025-02-30 ...' matches the pattern but is no date, and PostgreSQL would refuse it. */
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

const countOf = (text: string | undefined): number | null =>
  text !== undefined && COUNT_PATTERN.test(text) && Number(text) <= MAX_INT ? Number(text) : null;

/**
 * Reads a cursor back for a list of the given kind; anything we did not make, or a cursor of the
 * other list, is a 400 and never reaches the database.
 */
export function decodeCursor(cursor: string, kind: ListPosition['kind']): ListPosition {
  const invalid = () => badRequest(KB_MESSAGES.invalidCursor, { cursor: KB_MESSAGES.invalidCursor });
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (kind === 'updated' && parts[0] === 'u' && parts.length === 3) {
    const [, at = '', id = ''] = parts;
    const match = AT_PATTERN.exec(at);
    if (match && isRealTime(match) && UUID_PATTERN.test(id)) return { kind, at, id };
  }
  if (kind === 'popular' && parts[0] === 'p' && parts.length === 4) {
    const [, recent, views, id = ''] = parts;
    const recentViews = countOf(recent);
    const viewCount = countOf(views);
    if (recentViews !== null && viewCount !== null && UUID_PATTERN.test(id)) {
      return { kind, recentViews, viewCount, id };
    }
  }
  throw invalid();
}
