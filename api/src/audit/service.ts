import { AUDIT_LOG_MESSAGES, type TAuditLogListResponse, type TAuditLogQuery } from '@helpdesk/contracts';
import { sql } from '../db.ts';
import { badRequest } from '../errors.ts';
import { currentTimeZone } from '../settings/service.ts';
import { decodeCursor, encodeCursor } from '../tickets/cursor.ts';
import { type AuditFilters, selectAuditPage, selectLocalDayStart } from './queries.ts';

const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The day after a YYYY-MM-DD date (calendar arithmetic in UTC, where no day is 23 or 25 hours). */
function nextDate(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/**
 * The time filters as instants: a date-time is taken as it is (inclusive); a date means its whole
 * day in the desk's timezone, so 'to' becomes "before the next day starts".
 */
async function boundsOf(query: {
  from?: string;
  to?: string;
}): Promise<Pick<AuditFilters, 'from' | 'to' | 'before'>> {
  const needsZone = [query.from, query.to].some((v) => v !== undefined && isDateOnly(v));
  const timeZone = needsZone ? await currentTimeZone() : 'UTC';
  const bounds: Pick<AuditFilters, 'from' | 'to' | 'before'> = { from: null, to: null, before: null };
  if (query.from !== undefined) {
    bounds.from = isDateOnly(query.from) ? await selectLocalDayStart(sql, query.from, timeZone) : query.from;
  }
  if (query.to !== undefined) {
    if (isDateOnly(query.to)) bounds.before = await selectLocalDayStart(sql, nextDate(query.to), timeZone);
    else bounds.to = query.to;
  }
  const start = bounds.from === null ? null : Date.parse(bounds.from);
  const isEmpty =
    start !== null &&
    ((bounds.before !== null && start >= Date.parse(bounds.before)) ||
      (bounds.to !== null && start > Date.parse(bounds.to)));
  if (isEmpty) {
    throw badRequest(AUDIT_LOG_MESSAGES.fromAfterTo, { from: AUDIT_LOG_MESSAGES.fromAfterTo });
  }
  return bounds;
}

/** The audit log, newest first, one keyset page, filtered by action, admin, target and time. */
export async function listAuditLogs(
  query: TAuditLogQuery & { limit: number },
): Promise<TAuditLogListResponse> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const filters: AuditFilters = {
    action: query.action ?? null,
    adminUserId: query.adminUserId ?? null,
    targetUserId: query.targetUserId ?? null,
    ...(await boundsOf(query)),
  };
  const rows = await selectAuditPage(sql, filters, after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map(({ cursorAt: _cursorAt, ...entry }) => entry),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}
