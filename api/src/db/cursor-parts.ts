/** A row's time as PostgreSQL prints a timestamptz in UTC ('2025-02-28 13:45:00.123456+00'). */
const AT_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?\+00$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A row id as the database makes them (a lower-case uuid). */
export const isRowId = (text: string): boolean => UUID_PATTERN.test(text);

/**
 * A time a keyset cursor may carry: PostgreSQL's UTC text of a real calendar time ('2025-02-30 ...'
 * has the shape but is no date, and PostgreSQL would refuse it).
 */
export function isCursorTime(text: string): boolean {
  const match = AT_PATTERN.exec(text);
  if (!match) return false;
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
