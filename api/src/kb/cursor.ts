import { KB_MESSAGES } from '@helpdesk/contracts';
import { isCursorTime, isRowId } from '../db/cursor-parts.ts';
import { badRequest } from '../errors.ts';

/** Where a list page ended: newest update first lists, or the popular list (most read first). */
export type ListPosition =
  | { kind: 'updated'; at: string; id: string }
  | { kind: 'popular'; recentViews: number; viewCount: number; id: string };

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
    if (isCursorTime(at) && isRowId(id)) return { kind, at, id };
  }
  if (kind === 'popular' && parts[0] === 'p' && parts.length === 4) {
    const [, recent, views, id = ''] = parts;
    const recentViews = countOf(recent);
    const viewCount = countOf(views);
    if (recentViews !== null && viewCount !== null && isRowId(id)) {
      return { kind, recentViews, viewCount, id };
    }
  }
  throw invalid();
}
