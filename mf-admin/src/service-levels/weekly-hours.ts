import {
  minutesOfDay,
  type TWeekday,
  type TWeeklyHours,
  type TWorkingRange,
  WEEKDAYS,
  ZTimeOfDay,
} from '@helpdesk/contracts';
import { formatDateTime, type TLocale } from '@helpdesk/shared-ui/i18n';
import { serviceLevelsEnglish, type TServiceLevelsT } from './messages.ts';

/**
 * A weekday's name in `locale` from Intl ('Monday', 'Mon'; 'Montag', 'Mo'), capitalised as it starts a
 * label (Spanish and French write day names in lower case).
 */
export function weekdayName(day: TWeekday, locale: TLocale = 'en', width: 'long' | 'short' = 'long'): string {
  // 1 January 2024 was a Monday, and WEEKDAYS start on Monday.
  const date = Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day));
  const name = formatDateTime(date, locale, { weekday: width }, 'UTC');
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** The range a day gets when it is opened in the form. */
export const DEFAULT_RANGE: TWorkingRange = { start: '09:00', end: '17:00' };
const FULL_DAY: TWorkingRange = { start: '00:00', end: '24:00' };

const weekOf = (rangesOf: (day: TWeekday) => TWorkingRange[]) =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, rangesOf(day)])) as TWeeklyHours;

/** Preset: Monday to Friday 09:00-17:00, the weekend closed. */
export const officeHoursWeek = () =>
  weekOf((day) => (day === 'saturday' || day === 'sunday' ? [] : [{ ...DEFAULT_RANGE }]));

/** Preset: every day 00:00-24:00 (with no holidays, deadlines are plain elapsed time). */
export const aroundTheClockWeek = () => weekOf(() => [{ ...FULL_DAY }]);

const rangesText = (ranges: readonly TWorkingRange[]) =>
  [...ranges]
    .sort((a, b) => a.start.localeCompare(b.start))
    .map((range) => `${range.start}-${range.end}`)
    .join(', ');

/**
 * One line for a week: runs of consecutive days with the same hours share a label
 * ("Mon-Fri 09:00-17:00; Sat 10:00-14:00"); closed days are left out. Words from `t`, day names in `locale`.
 */
export function weeklyHoursSummary(
  week: TWeeklyHours,
  t: TServiceLevelsT = serviceLevelsEnglish,
  locale: TLocale = 'en',
): string {
  if (WEEKDAYS.every((day) => rangesText(week[day]) === rangesText([FULL_DAY])))
    return t('calendars.aroundTheClock');
  const runs: { first: TWeekday; last: TWeekday; hours: string }[] = [];
  for (const day of WEEKDAYS) {
    const hours = rangesText(week[day]);
    const previous = runs.at(-1);
    if (previous && previous.hours === hours && WEEKDAYS.indexOf(previous.last) === WEEKDAYS.indexOf(day) - 1)
      previous.last = day;
    else runs.push({ first: day, last: day, hours });
  }
  const open = runs.filter((run) => run.hours !== '');
  if (open.length === 0) return t('calendars.closedAllWeek');
  return open
    .map((run) => {
      const short = (day: TWeekday) => weekdayName(day, locale, 'short');
      const days = run.first === run.last ? short(run.first) : `${short(run.first)}-${short(run.last)}`;
      return `${days} ${run.hours}`;
    })
    .join('; ');
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The range "Add a range" appends: three hours, an hour after the day's last one (the default on an empty day). */
export function nextRange(ranges: readonly TWorkingRange[]): TWorkingRange {
  const last = ranges.at(-1);
  if (!last || !ZTimeOfDay.safeParse(last.end).success) return { ...DEFAULT_RANGE };
  const end = minutesOfDay(last.end);
  if (end >= 23 * 60) return { start: '', end: '' };
  return { start: clock(end + 60), end: clock(Math.min(end + 4 * 60, 24 * 60)) };
}
