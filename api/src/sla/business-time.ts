import { minutesOfDay, type TCalendarRules, WEEKDAYS } from '@helpdesk/contracts';

/**
 * Working time: the one module that counts SLA deadlines in a business calendar
 * (docs/product.md#business-calendars). A calendar's working time is its weekday ranges, read as
 * wall-clock times in its IANA zone, minus its holidays (whole local days). A range ending at
 * 24:00 runs into the next day's 00:00 range without a gap, so a night shift counts straight
 * through midnight. Times are read as the clock on the office wall shows them: a range runs from
 * the first moment the clock shows its start to the first moment it shows its end, and a time a
 * DST change skips stands for the moment of the jump. So on the spring-forward night in Berlin
 * 02:00-03:00 is empty and 00:00-06:00 lasts five hours; on the fall-back night 02:00-03:00 lasts
 * two hours (the repeated hour counts twice) and 00:00-06:00 seven.
 *
 * Everything is in epoch milliseconds. The zone's offsets come from Intl once per zone and local
 * day, and on the days a DST change falls on once per range boundary; both are kept, so a deadline
 * over days already walked makes no Intl call.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** How far ahead a deadline is looked for; a target needs at most a year of working minutes. */
const HORIZON_DAYS = 366 * 12;
/** Instants far enough inside Date's range that walking the horizon from them never leaves it. */
const LAST_INSTANT = 8.64e15 - (HORIZON_DAYS + 2) * DAY_MS;
const isCountable = (ms: number) => Number.isFinite(ms) && Math.abs(ms) <= LAST_INSTANT;

export type CalendarRules = TCalendarRules;

/** Every day 00:00-24:00 in UTC, no holidays: the clock of a policy without a calendar. */
export const AROUND_THE_CLOCK: CalendarRules = {
  timeZone: 'UTC',
  weeklyHours: Object.fromEntries(
    WEEKDAYS.map((day) => [day, [{ start: '00:00', end: '24:00' }]]),
  ) as CalendarRules['weeklyHours'],
  holidays: [],
};

/** Whether a calendar's working time is all time: seven full days and no holidays. */
export function isAroundTheClock(calendar: CalendarRules): boolean {
  return (
    calendar.holidays.length === 0 &&
    WEEKDAYS.every((day) => {
      const ranges = calendar.weeklyHours[day];
      return ranges.length === 1 && ranges[0]!.start === '00:00' && ranges[0]!.end === '24:00';
    })
  );
}

type Compiled = {
  isAroundTheClock: boolean;
  zone: string;
  /** Minute ranges per JavaScript weekday (0 Sunday ... 6 Saturday), sorted by start. */
  ranges: Array<Array<[number, number]>>;
  dates: Set<string>;
  everyYear: Set<string>;
};

const compiledCache = new WeakMap<CalendarRules, Compiled>();

/**
 * One weekday's ranges as sorted minute ranges. Validated input never overlaps; merging anyway
 * keeps a stored row that slipped past validation from counting the same minutes twice.
 */
function dayRanges(ranges: ReadonlyArray<{ start: string; end: string }>): Array<[number, number]> {
  const sorted = ranges
    .map((range): [number, number] => [minutesOfDay(range.start), minutesOfDay(range.end)])
    .filter(([start, end]) => start >= 0 && end <= 1440 && end > start)
    .sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

function compile(calendar: CalendarRules): Compiled {
  const cached = compiledCache.get(calendar);
  if (cached) return cached;
  // WEEKDAYS starts on Monday; Date#getUTCDay counts from Sunday.
  const ranges = [6, 0, 1, 2, 3, 4, 5].map((index) =>
    dayRanges(calendar.weeklyHours[WEEKDAYS[index]!] ?? []),
  );
  const compiled: Compiled = {
    isAroundTheClock: isAroundTheClock(calendar),
    zone: calendar.timeZone,
    ranges,
    dates: new Set(calendar.holidays.filter((h) => !h.everyYear).map((h) => h.date)),
    everyYear: new Set(calendar.holidays.filter((h) => h.everyYear).map((h) => h.date.slice(5))),
  };
  compiledCache.set(calendar, compiled);
  return compiled;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall-clock time in `zone` at instant `ms`, written as if it were UTC (whole seconds). */
function wallTime(zone: string, ms: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The zone's offset from UTC at instant `ms` (zones' offsets are whole minutes since 1972). */
function offsetAt(zone: string, ms: number): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallTime(zone, whole) - whole;
}

/**
 * Where a wall-clock time (given as if UTC) falls in `zone`: its first occurrence when the zone
 * repeats it, or `skipped` when the zone jumps over it (the jump then lies between `first` and
 * `second`, the readings under the offsets before and after it).
 */
function resolveWallTime(zone: string, wall: number) {
  // A day either side, as Temporal does: offsets reach +14:00, so half a day would read a zone
  // like Pacific/Chatham (+13:45) after a change that is still ahead of the wall time.
  const before = offsetAt(zone, wall - DAY_MS);
  const after = offsetAt(zone, wall + DAY_MS);
  const first = wall - before;
  const second = wall - after;
  const isFirst = offsetAt(zone, first) === before;
  const isSecond = offsetAt(zone, second) === after;
  if (isFirst && isSecond) return { instant: Math.min(first, second), skipped: false, first, second };
  if (isFirst) return { instant: first, skipped: false, first, second };
  if (isSecond) return { instant: second, skipped: false, first, second };
  return { instant: first, skipped: true, first, second };
}

/**
 * The instant a wall-clock time (given as if UTC) happens in `zone`. A time the zone repeats is
 * its first occurrence; a time it skips moves forward by the gap (as Temporal's 'compatible').
 */
export function instantOfWallTime(zone: string, wall: number): number {
  return resolveWallTime(zone, wall).instant;
}

/** Kept per zone and wall time: the days a DST change falls on are walked by every ticket of that week. */
const boundaries = new Map<string, number>();
const CACHE_MAX = 50_000;

/**
 * The instant a range starts or ends at a wall-clock time: as instantOfWallTime, except that a
 * time the zone skips is the moment of the jump, since the clock never shows it. Moving it
 * forward by the gap instead would let a range ending in the gap (00:00-02:30) overlap the next
 * one (03:00-05:00) and count the same half hour twice.
 */
function boundaryInstant(zone: string, wall: number): number {
  const key = `${zone}|${wall}`;
  let instant = boundaries.get(key);
  if (instant === undefined) {
    instant = findBoundaryInstant(zone, wall);
    if (boundaries.size >= CACHE_MAX) boundaries.clear();
    boundaries.set(key, instant);
  }
  return instant;
}

function findBoundaryInstant(zone: string, wall: number): number {
  const resolved = resolveWallTime(zone, wall);
  if (!resolved.skipped) return resolved.instant;
  // The jump lies between the two readings, on a whole second (offsetAt reads whole seconds).
  let lo = Math.min(resolved.first, resolved.second);
  let hi = Math.max(resolved.first, resolved.second);
  const offsetBefore = offsetAt(zone, lo);
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (offsetAt(zone, mid) === offsetBefore) lo = mid;
    else hi = mid;
  }
  return Math.floor(hi / 1000) * 1000;
}

function isHoliday(compiled: Compiled, day: number): boolean {
  if (compiled.dates.size === 0 && compiled.everyYear.size === 0) return false;
  const key = new Date(day).toISOString().slice(0, 10);
  return compiled.dates.has(key) || compiled.everyYear.has(key.slice(5));
}

type LocalDay = { midnight: number; isPlain: boolean };
const localDays = new Map<string, LocalDay>();
/** The offset at the last midnight worked out per zone: where to look for the local day of an instant. */
const offsetGuesses = new Map<string, number>();

/**
 * Where a local day starts, and whether it is plain: 24 hours to the next midnight under one
 * offset, so its ranges are plain offsets from midnight. Kept per zone and day, since every
 * ticket of a week walks the same days.
 */
function localDay(zone: string, day: number): LocalDay {
  const key = `${zone}|${day}`;
  let known = localDays.get(key);
  if (!known) {
    const midnight = boundaryInstant(zone, day);
    const nextMidnight = boundaryInstant(zone, day + DAY_MS);
    const isPlain =
      nextMidnight - midnight === DAY_MS && offsetAt(zone, midnight) === offsetAt(zone, nextMidnight);
    known = { midnight, isPlain };
    offsetGuesses.set(zone, day - midnight);
    if (localDays.size >= CACHE_MAX) localDays.clear();
    localDays.set(key, known);
  }
  return known;
}

/**
 * The local day (as a UTC midnight) whose midnight is the last one at or before `ms`, found from
 * the kept days (no Intl call once they are known). The guess from the zone's offset is at most a
 * day off, and a day the zone skips entirely has its midnight equal to the next one's.
 */
function localDayOf(zone: string, ms: number): number {
  const offset = Math.max(-DAY_MS, Math.min(DAY_MS, offsetGuesses.get(zone) ?? offsetAt(zone, ms)));
  let day = Math.floor((ms + offset) / DAY_MS) * DAY_MS;
  while (ms < localDay(zone, day).midnight) day -= DAY_MS;
  while (ms >= localDay(zone, day + DAY_MS).midnight) day += DAY_MS;
  return day;
}

/**
 * The working intervals [start, end) of a calendar as instants, in order, from the local day that
 * contains `fromMs` on, for at most HORIZON_DAYS days.
 */
function* workingIntervals(compiled: Compiled, fromMs: number): Generator<[number, number]> {
  const zone = compiled.zone;
  let day = localDayOf(zone, fromMs);
  for (let i = 0; i < HORIZON_DAYS; i++, day += DAY_MS) {
    const ranges = compiled.ranges[new Date(day).getUTCDay()]!;
    if (ranges.length === 0 || isHoliday(compiled, day)) continue;
    const { midnight, isPlain } = localDay(zone, day);
    for (const [startMinute, endMinute] of ranges) {
      const start = isPlain
        ? midnight + startMinute * MINUTE_MS
        : boundaryInstant(zone, day + startMinute * MINUTE_MS);
      const end = isPlain
        ? midnight + endMinute * MINUTE_MS
        : boundaryInstant(zone, day + endMinute * MINUTE_MS);
      if (end > start) yield [start, end];
    }
  }
}

/**
 * The instant `workMs` of working time after `fromMs`. When the time runs out exactly at the end
 * of a working range the answer is that end, never the start of the next range. Null when the
 * calendar has too little working time within twelve years (every working day a holiday), or
 * when an argument is not a finite number.
 */
export function addWorkingTime(calendar: CalendarRules, fromMs: number, workMs: number): number | null {
  if (!isCountable(fromMs) || !Number.isFinite(workMs)) return null;
  const compiled = compile(calendar);
  if (compiled.isAroundTheClock || workMs <= 0) return fromMs + Math.max(0, workMs);
  let left = workMs;
  for (const [start, end] of workingIntervals(compiled, fromMs)) {
    if (end <= fromMs) continue;
    const from = Math.max(start, fromMs);
    if (left <= end - from) return from + left;
    left -= end - from;
  }
  return null;
}

/**
 * The working time between two instants (0 when `toMs` is not after `fromMs`), counted over at
 * most twelve years from `fromMs`.
 */
export function workingTimeBetween(calendar: CalendarRules, fromMs: number, toMs: number): number {
  if (!(toMs > fromMs) || !isCountable(fromMs) || !isCountable(toMs)) return 0;
  const compiled = compile(calendar);
  if (compiled.isAroundTheClock) return toMs - fromMs;
  let total = 0;
  for (const [start, end] of workingIntervals(compiled, fromMs)) {
    if (start >= toMs) break;
    if (end <= fromMs) continue;
    total += Math.min(end, toMs) - Math.max(start, fromMs);
  }
  return total;
}

/** Whether an instant is working time (a range's start is inside it, its end is not). */
export function isWorkingTime(calendar: CalendarRules, ms: number): boolean {
  if (!isCountable(ms)) return false;
  const compiled = compile(calendar);
  if (compiled.isAroundTheClock) return true;
  for (const [start, end] of workingIntervals(compiled, ms - DAY_MS)) {
    if (start > ms) return false;
    if (ms < end) return true;
  }
  return false;
}

/** addWorkingTime in whole minutes. */
export const addWorkingMinutes = (calendar: CalendarRules, fromMs: number, minutes: number) =>
  addWorkingTime(calendar, fromMs, minutes * MINUTE_MS);

/** workingTimeBetween in whole minutes (rounded down). */
export const workingMinutesBetween = (calendar: CalendarRules, fromMs: number, toMs: number) =>
  Math.floor(workingTimeBetween(calendar, fromMs, toMs) / MINUTE_MS);
