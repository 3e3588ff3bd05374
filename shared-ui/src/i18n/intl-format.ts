// By package name, not by file: the main entry is a shared module of its own, and a relative import
// would bundle a second copy of the display zone's state into this entry.
import {
  cachedIntlFormat as cached,
  getDisplayTimeZone,
  type TDateInput,
  type TLocale,
} from '@helpdesk/shared-ui';

function toDate(value: TDateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A date (and time, as `options` asks) in `locale`, in the desk's display zone (setDisplayTimeZone) or
 * the zone given. '' for an invalid date.
 */
export function formatDateTime(
  value: TDateInput,
  locale: TLocale,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
  timeZone: string | null = getDisplayTimeZone(),
): string {
  const date = toDate(value);
  if (!date) return '';
  const zoned = timeZone === null ? options : { ...options, timeZone };
  return cached(`d|${locale}|${JSON.stringify(zoned)}`, () => new Intl.DateTimeFormat(locale, zoned)).format(
    date,
  );
}

const RELATIVE_STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** How long ago (or ahead) `value` is from `now`, in words of `locale`: 'vor 5 Minuten', 'hace 2 días'. */
export function formatRelativeTime(value: TDateInput, locale: TLocale, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  let amount = (date.getTime() - now.getTime()) / 1000;
  let unit: Intl.RelativeTimeFormatUnit = 'second';
  for (const [stepUnit, size] of RELATIVE_STEPS) {
    unit = stepUnit;
    if (Math.abs(amount) < size) break;
    amount /= size;
  }
  const format = cached(`r|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  return format.format(Math.trunc(amount), unit);
}

/** A number in `locale` (grouping, decimal mark; percent or unit as `options` asks). */
export function formatNumber(value: number, locale: TLocale, options: Intl.NumberFormatOptions = {}): string {
  return cached(
    `n|${locale}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  ).format(value);
}
