import type { TUserRole } from '@helpdesk/contracts';
import { getLocale, SOURCE_LOCALE } from './locale.ts';
import { localizeText } from './localized-text.ts';

// In English every helper below writes exactly what it always has (assembled by hand); in another
// language it formats through Intl in that language, in the same display zone (docs/architecture.md#languages).
const intlFormats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

/** One Intl formatter per key (language and options), built once: every list row asks for one. */
export function cachedIntlFormat<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  key: string,
  build: () => T,
): T {
  let format = intlFormats.get(key);
  if (!format) {
    format = build();
    intlFormats.set(key, format);
  }
  return format as T;
}

/** The active language when it is not English: the helpers' cue to format through Intl. */
function otherLocale(): string | null {
  const locale = getLocale();
  return locale === SOURCE_LOCALE ? null : locale;
}

function localDate(date: Date, locale: string, options: Intl.DateTimeFormatOptions): string {
  const zoned = displayTimeZone === null ? options : { ...options, timeZone: displayTimeZone };
  return cachedIntlFormat(
    `d|${locale}|${JSON.stringify(zoned)}`,
    () => new Intl.DateTimeFormat(locale, zoned),
  ).format(date);
}

function localNumber(value: number, locale: string, options: Intl.NumberFormatOptions): string {
  return cachedIntlFormat(
    `n|${locale}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  ).format(value);
}

const unitShort = (value: number, locale: string, unit: string) =>
  localNumber(value, locale, { style: 'unit', unit, unitDisplay: 'short' });

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

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
  const locale = otherLocale();
  if (locale) return localDate(date, locale, { month: 'short', day: 'numeric', ...TIME });
  const parts = calendarParts(date);
  return `${monthDay(parts)}, ${hourMinute(parts)}`;
}

/** Ticket detail dates, month day, year hour:minute: 'Nov 21, 2026 14:05'. '' for an invalid date. */
export function formatDetailDate(value: TDateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const locale = otherLocale();
  if (locale) return localDate(date, locale, { month: 'short', day: 'numeric', year: 'numeric', ...TIME });
  const parts = calendarParts(date);
  return `${monthDay(parts)}, ${parts.year} ${hourMinute(parts)}`;
}

/** Knowledge base and admin dates, month abbreviation day, year: 'Nov 21, 2026'. '' for an invalid date. */
export function formatShortDate(value: TDateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const locale = otherLocale();
  if (locale) return localDate(date, locale, { month: 'short', day: 'numeric', year: 'numeric' });
  const parts = calendarParts(date);
  return `${monthDay(parts)}, ${parts.year}`;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/** Notification times: 'Just now', 'N minute(s) ago', 'N hour(s) ago', 'N day(s) ago'. */
export function formatRelativeTime(value: TDateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  const locale = otherLocale();
  if (locale) return localRelativeTime(minutes, locale);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}

// The same steps as the English, worded by Intl: 'gerade eben', 'hace 5 minutos', 'il y a 2 jours'.
function localRelativeTime(minutes: number, locale: string): string {
  const format = cachedIntlFormat(
    `r|${locale}`,
    () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
  );
  if (minutes < 1) return format.format(0, 'second');
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return format.format(-hours, 'hour');
  return format.format(-Math.floor(hours / 24), 'day');
}

/** SLA time left: zero or less 'Overdue', under a day 'Xh Ym', else 'Xd Yh'. */
export function formatRemainingMinutes(minutes: number): string {
  if (!(minutes > 0)) return localizeText('Overdue');
  const whole = Math.floor(minutes);
  const hours = Math.floor(whole / 60);
  const locale = otherLocale();
  if (locale) {
    if (hours < 24) return `${unitShort(hours, locale, 'hour')} ${unitShort(whole % 60, locale, 'minute')}`;
    return `${unitShort(Math.floor(hours / 24), locale, 'day')} ${unitShort(hours % 24, locale, 'hour')}`;
  }
  if (hours < 24) return `${hours}h ${whole % 60}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}

const ONE_DECIMAL: Intl.NumberFormatOptions = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

/** Attachment sizes in KB with one decimal: 2048 bytes is '2.0 KB'. */
export function formatFileSizeKb(bytes: number): string {
  const locale = otherLocale();
  if (locale) return `${localNumber(bytes / 1024, locale, ONE_DECIMAL)} KB`;
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Hours with one decimal and an 'h': 3.25 is '3.3h'. */
export function formatHours(hours: number): string {
  const locale = otherLocale();
  if (locale)
    return localNumber(hours, locale, { ...ONE_DECIMAL, style: 'unit', unit: 'hour', unitDisplay: 'short' });
  return `${hours.toFixed(1)}h`;
}

/** The first letters of first and last name, upper-cased: ('ada', 'Lovelace') is 'AL'. */
export function initials(firstName: string | null | undefined, lastName: string | null | undefined): string {
  return `${firstName?.trim().charAt(0) ?? ''}${lastName?.trim().charAt(0) ?? ''}`.toUpperCase();
}

// The words roleLabel shows each role as: the English its translations are found by.
const ROLE_WORDS: Readonly<Record<string, string>> = { admin: 'admin', agent: 'agent', end_user: 'end user' };

/** A role for display, underscores as spaces: 'end_user' is 'end user' (in the active language). */
export function roleLabel(role: TUserRole | string): string {
  return localizeText(ROLE_WORDS[role] ?? role.replaceAll('_', ' '));
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
