/**
 * Dates and lengths of time as the SLA card and the timeline's holds say them: 'Tue 8 Dec, 12:00',
 * '1 h 45 m'. Zones are passed in (the viewer's and the calendar's), so the texts are the same in
 * every browser and in tests.
 */

import { formatDateTime, formatNumber, type TLocale } from '@helpdesk/shared-ui/i18n';

const pad2 = (n: number) => String(n).padStart(2, '0');

type TZonedParts = {
  weekday: string;
  year: number;
  month: number;
  monthName: string;
  day: number;
  hour: number;
  minute: number;
};

// Options only: a formatter is made per call, as the card formats a handful of moments per render.
const PARTS: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

// Intl supplies the numbers for the zone; the text is assembled by hand so it reads the same everywhere.
function zonedParts(ms: number, timeZone: string): TZonedParts {
  const parts: Record<string, string> = {};
  for (const part of new Intl.DateTimeFormat('en-GB', { ...PARTS, timeZone }).formatToParts(ms))
    parts[part.type] = part.value;
  const month = Number(parts.month ?? 1);
  return {
    weekday: parts.weekday ?? '',
    year: Number(parts.year ?? 0),
    month,
    monthName: MONTHS[month - 1] ?? '',
    day: Number(parts.day ?? 0),
    hour: Number(parts.hour ?? 0) % 24,
    minute: Number(parts.minute ?? 0),
  };
}

const clockText = (p: TZonedParts) => `${pad2(p.hour)}:${pad2(p.minute)}`;
const sameDay = (a: TZonedParts, b: TZonedParts) =>
  a.year === b.year && a.month === b.month && a.day === b.day;

function dayText(p: TZonedParts, now: TZonedParts, at: TDayAt): string {
  if (at.locale && at.locale !== 'en') {
    const year = p.year === now.year ? {} : ({ year: 'numeric' } as const);
    return formatDateTime(
      at.ms,
      at.locale,
      { weekday: 'short', day: 'numeric', month: 'short', ...year },
      at.zone,
    );
  }
  const year = p.year === now.year ? '' : ` ${p.year}`;
  return `${p.weekday} ${p.day} ${p.monthName}${year}`;
}

/** The moment a day text names, in which zone, and in which language (English's own form when absent). */
type TDayAt = { ms: number; zone: string; locale: TLocale | undefined };

/** Where a zone is, as people say it: 'Europe/Berlin' is 'Berlin', 'America/New_York' 'New York'. */
export function zoneCity(timeZone: string): string {
  return (timeZone.split('/').at(-1) ?? timeZone).replaceAll('_', ' ');
}

/** The viewer's zone and the moment the texts are computed at; their language when not English. */
export type TViewerClock = {
  viewerZone: string;
  now: Date;
  /** Day and month names in this language (Intl's order); English's 'Tue 8 Dec' when absent. */
  locale?: TLocale;
  /** '12:00 Berlin time' in the viewer's language; English when absent. */
  inZone?: (time: string, city: string) => string;
};

/**
 * A moment in the viewer's zone, 'Tue 8 Dec, 12:00' (with the year when it is not this year), and,
 * when the calendar counts in another zone, its time there: 'Tue 8 Dec, 12:00 (12:00 Berlin time)'
 * (with the day when it differs there). '' for an invalid date.
 */
export function formatMoment(iso: string, calendarZone: string | null, clock: TViewerClock): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const now = zonedParts(clock.now.getTime(), clock.viewerZone);
  const here = zonedParts(ms, clock.viewerZone);
  const { locale } = clock;
  const text = `${dayText(here, now, { ms, zone: clock.viewerZone, locale })}, ${clockText(here)}`;
  if (calendarZone === null || calendarZone === clock.viewerZone) return text;
  const there = zonedParts(ms, calendarZone);
  const thereText = sameDay(here, there)
    ? clockText(there)
    : `${dayText(there, now, { ms, zone: calendarZone, locale })}, ${clockText(there)}`;
  const city = zoneCity(calendarZone);
  return `${text} (${clock.inZone ? clock.inZone(thereText, city) : `${thereText} ${city} time`})`;
}

type TDurationPart = [number, 'day' | 'hour' | 'minute'];

function durationParts(minutes: number, days: boolean): TDurationPart[] {
  const whole = Math.max(0, Math.floor(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (days && hours >= 48) {
    const dayHours = hours % 24;
    const wholeDays = Math.floor(hours / 24);
    return dayHours === 0
      ? [[wholeDays, 'day']]
      : [
          [wholeDays, 'day'],
          [dayHours, 'hour'],
        ];
  }
  if (hours === 0) return [[rest, 'minute']];
  return rest === 0
    ? [[hours, 'hour']]
    : [
        [hours, 'hour'],
        [rest, 'minute'],
      ];
}

/**
 * A length of time in whole minutes: '45 m', '2 h', '1 h 45 m'. With `days`, two days and more read
 * '3 d 4 h' (for elapsed time; working time stays in hours, as a working day has no fixed length).
 * Another `locale` writes its own short units through Intl ('1 Std. 45 Min.').
 */
export function formatDuration(minutes: number, options: { days?: boolean; locale?: TLocale } = {}): string {
  const { locale } = options;
  return durationParts(minutes, options.days ?? false)
    .map(([value, unit]) =>
      locale && locale !== 'en'
        ? formatNumber(value, locale, { style: 'unit', unit, unitDisplay: 'narrow' })
        : `${value} ${unit[0]}`,
    )
    .join(' ');
}

/** 'YYYY-MM-DDTHH:MM' (a datetime-local input's value) of a moment in a zone. */
export function wallTimeInZone(date: Date, timeZone: string): string {
  const p = zonedParts(date.getTime(), timeZone);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}T${clockText(p)}`;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant (ISO) a wall time 'YYYY-MM-DDTHH:MM' names in a zone; null for anything else. A time
 * the clocks skip (the spring change) reads as the same time after the change.
 */
export function wallTimeToIso(value: string, timeZone: string): string | null {
  const match = WALL_TIME.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(asUtc) || new Date(asUtc).getUTCDate() !== day) return null;
  const offset = (ms: number) => {
    const p = zonedParts(ms, timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(ms / 60_000) * 60_000;
  };
  const first = asUtc - offset(asUtc);
  const instant = asUtc - offset(first);
  return new Date(instant).toISOString();
}
