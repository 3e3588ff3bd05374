import type { TUserRole } from '@helpdesk/contracts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export type TDateInput = Date | string | number;

function toDate(value: TDateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

let displayTimeZone: string | null = null;
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The IANA zone every date helper here formats in (the desk's timezone setting); null formats in the
 * browser's own zone. Throws a RangeError for a zone the browser does not know, changing nothing.
 */
export function setDisplayTimeZone(timeZone: string | null): void {
  if (timeZone !== null) zoneFormat(timeZone);
  displayTimeZone = timeZone;
}

/** The zone set by setDisplayTimeZone, or null while dates follow the browser's zone. */
export function getDisplayTimeZone(): string | null {
  return displayTimeZone;
}

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

type TCalendarParts = { year: number; month: number; day: number; hour: number; minute: number };

// Intl only supplies the numbers for the zone; the text is still assembled by hand below.
function calendarParts(date: Date): TCalendarParts {
  if (displayTimeZone === null) {
    return {
      year: date.getFullYear(),
      month: date.getMonth(),
      day: date.getDate(),
      hour: date.getHours(),
      minute: date.getMinutes(),
    };
  }
  const parts: Record<string, number> = {};
  for (const part of zoneFormat(displayTimeZone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: (parts.month ?? 1) - 1,
    day: parts.day ?? 0,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
  };
}

// Formatting by hand instead of Intl keeps the output identical in every browser locale and in tests.
function monthDay(parts: TCalendarParts) {
  return `${MONTHS[parts.month]} ${parts.day}`;
}

function hourMinute(parts: TCalendarParts) {
  return `${pad2(parts.hour)}:${pad2(parts.minute)}`;
}

/** List dates, month day, hour:minute in the display zone: 'Nov 21, 14:05'. '' for an invalid date. */
export function formatListDate(value: TDateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = calendarParts(date);
  return `${monthDay(parts)}, ${hourMinute(parts)}`;
}

/** Ticket detail dates, month day, year hour:minute: 'Nov 21, 2026 14:05'. '' for an invalid date. */
export function formatDetailDate(value: TDateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = calendarParts(date);
  return `${monthDay(parts)}, ${parts.year} ${hourMinute(parts)}`;
}

/** Knowledge base and admin dates, month abbreviation day, year: 'Nov 21, 2026'. '' for an invalid date. */
export function formatShortDate(value: TDateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = calendarParts(date);
  return `${monthDay(parts)}, ${parts.year}`;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/** Notification times: 'Just now', 'N minute(s) ago', 'N hour(s) ago', 'N day(s) ago'. */
export function formatRelativeTime(value: TDateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}

/** SLA time left: zero or less 'Overdue', under a day 'Xh Ym', else 'Xd Yh'. */
export function formatRemainingMinutes(minutes: number): string {
  if (!(minutes > 0)) return 'Overdue';
  const whole = Math.floor(minutes);
  const hours = Math.floor(whole / 60);
  if (hours < 24) return `${hours}h ${whole % 60}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}

/** Attachment sizes in KB with one decimal: 2048 bytes is '2.0 KB'. */
export function formatFileSizeKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Hours with one decimal and an 'h': 3.25 is '3.3h'. */
export function formatHours(hours: number): string {
  return `${hours.toFixed(1)}h`;
}

/** The first letters of first and last name, upper-cased: ('ada', 'Lovelace') is 'AL'. */
export function initials(firstName: string | null | undefined, lastName: string | null | undefined): string {
  return `${firstName?.trim().charAt(0) ?? ''}${lastName?.trim().charAt(0) ?? ''}`.toUpperCase();
}

/** A role for display, underscores as spaces: 'end_user' is 'end user'. */
export function roleLabel(role: TUserRole | string): string {
  return role.replaceAll('_', ' ');
}

/** 'First Last' of anyone with a first and last name. */
export function fullName(user: {
  firstName: string | null | undefined;
  lastName: string | null | undefined;
}): string {
  return [user.firstName, user.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}
