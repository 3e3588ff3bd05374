import { describe, expect, test } from 'bun:test';
import {
  hasWorkingTime,
  minutesOfDay,
  SLA_LIMITS,
  type TWeeklyHours,
  type TWorkingRange,
  ZCalendarRules,
  ZCreateBusinessCalendarRequest,
  ZWeeklyHours,
} from '@helpdesk/contracts';
import fc from 'fast-check';
import {
  AROUND_THE_CLOCK,
  addWorkingMinutes,
  addWorkingTime,
  type CalendarRules,
  instantOfWallTime,
  isAroundTheClock,
  isWorkingTime,
  workingMinutesBetween,
  workingTimeBetween,
} from './business-time.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const closedWeek: TWeeklyHours = {
  monday: [],
  tuesday: [],
  wednesday: [],
  thursday: [],
  friday: [],
  saturday: [],
  sunday: [],
};
const range = (start: string, end: string): TWorkingRange => ({ start, end });
const weekdays = (...ranges: TWorkingRange[]): TWeeklyHours => ({
  ...closedWeek,
  monday: ranges,
  tuesday: ranges,
  wednesday: ranges,
  thursday: ranges,
  friday: ranges,
});
const everyDay = (...ranges: TWorkingRange[]): TWeeklyHours => ({
  ...weekdays(...ranges),
  saturday: ranges,
  sunday: ranges,
});
const calendar = (
  timeZone: string,
  weeklyHours: TWeeklyHours,
  holidays: CalendarRules['holidays'] = [],
): CalendarRules => ({ timeZone, weeklyHours, holidays });

/** An instant written with its offset, so the expectation does not lean on the module's own zone math. */
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Every day around the clock, but with a holiday, so deadlines go through the calendar walk. */
const allDayWithHoliday = (timeZone: string) =>
  calendar(timeZone, everyDay(range('00:00', '24:00')), [{ date: '2026-12-25' }]);
const office = (timeZone: string, holidays: CalendarRules['holidays'] = []) =>
  calendar(timeZone, weekdays(range('09:00', '17:00')), holidays);
/** Monday to Friday nights: 22:00-24:00 and on into the next morning's 00:00-06:00. */
const nightShift = (timeZone: string) =>
  calendar(timeZone, {
    ...closedWeek,
    monday: [range('22:00', '24:00')],
    tuesday: [range('00:00', '06:00'), range('22:00', '24:00')],
    wednesday: [range('00:00', '06:00'), range('22:00', '24:00')],
    thursday: [range('00:00', '06:00'), range('22:00', '24:00')],
    friday: [range('00:00', '06:00'), range('22:00', '24:00')],
    saturday: [range('00:00', '06:00')],
  });

describe('around the clock with a holiday, over DST changes', () => {
  test('the calendar is not the fast path', () => {
    expect(isAroundTheClock(allDayWithHoliday('UTC'))).toBe(false);
    expect(isAroundTheClock(AROUND_THE_CLOCK)).toBe(true);
  });

  // [zone, a local midnight, the next one, hours between, a start, working hours added, the deadline]
  const dstDays = [
    [
      'America/New_York',
      '2026-03-08T00:00-05:00',
      '2026-03-09T00:00-04:00',
      23,
      '2026-03-08T00:00-05:00',
      4,
      '2026-03-08T05:00-04:00',
    ],
    [
      'America/New_York',
      '2026-11-01T00:00-04:00',
      '2026-11-02T00:00-05:00',
      25,
      '2026-11-01T00:00-04:00',
      3,
      '2026-11-01T02:00-05:00',
    ],
    [
      'Europe/Berlin',
      '2026-03-29T00:00+01:00',
      '2026-03-30T00:00+02:00',
      23,
      '2026-03-29T01:30+01:00',
      1,
      '2026-03-29T03:30+02:00',
    ],
    [
      'Europe/Berlin',
      '2026-10-25T00:00+02:00',
      '2026-10-26T00:00+01:00',
      25,
      '2026-10-25T02:30+02:00',
      1,
      '2026-10-25T02:30+01:00',
    ],
  ] as const;
  for (const [zone, midnight, nextMidnight, hours, from, added, due] of dstDays) {
    test(`${zone}: the day from ${midnight} has ${hours} working hours`, () => {
      const cal = allDayWithHoliday(zone);
      expect(workingTimeBetween(cal, at(midnight), at(nextMidnight))).toBe(hours * HOUR);
      expect(iso(addWorkingTime(cal, at(from), added * HOUR))).toBe(iso(at(due)));
    });
  }

  test('the holiday is a whole local day off', () => {
    const cal = allDayWithHoliday('America/New_York');
    expect(workingTimeBetween(cal, at('2026-12-24T12:00-05:00'), at('2026-12-26T12:00-05:00'))).toBe(
      24 * HOUR,
    );
    expect(iso(addWorkingTime(cal, at('2026-12-24T23:00-05:00'), 2 * HOUR))).toBe(
      iso(at('2026-12-26T01:00-05:00')),
    );
  });
});

describe('over DST weekends', () => {
  // Office: Friday 16:00-17:00 is one hour, the second Monday 09:00-10:00. Night shift: Friday
  // 23:00-24:00 and Saturday 00:00-06:00 are seven hours, the eighth Monday 22:00-23:00.
  const weekends = [
    [office, 'America/New_York', '2026-03-06T16:00-05:00', 2, '2026-03-09T10:00-04:00'],
    [office, 'America/New_York', '2026-10-30T16:00-04:00', 2, '2026-11-02T10:00-05:00'],
    [office, 'Europe/Berlin', '2026-03-27T16:00+01:00', 2, '2026-03-30T10:00+02:00'],
    [office, 'Europe/Berlin', '2026-10-23T16:00+02:00', 2, '2026-10-26T10:00+01:00'],
    [nightShift, 'America/New_York', '2026-03-06T23:00-05:00', 8, '2026-03-09T23:00-04:00'],
    [nightShift, 'America/New_York', '2026-10-30T23:00-04:00', 8, '2026-11-02T23:00-05:00'],
    [nightShift, 'Europe/Berlin', '2026-03-27T23:00+01:00', 8, '2026-03-30T23:00+02:00'],
    [nightShift, 'Europe/Berlin', '2026-10-23T23:00+02:00', 8, '2026-10-26T23:00+01:00'],
  ] as const;
  for (const [make, zone, friday, hours, monday] of weekends) {
    test(`${make.name} in ${zone}: Friday ${friday} plus ${hours} working hours is ${monday}`, () => {
      const cal = make(zone);
      expect(iso(addWorkingTime(cal, at(friday), hours * HOUR))).toBe(iso(at(monday)));
      expect(workingTimeBetween(cal, at(friday), at(monday))).toBe(hours * HOUR);
    });
  }
});

describe('a range on a DST night', () => {
  test('a range over the changed hour is as long as the wall clock says', () => {
    const sundayEarly = (zone: string) =>
      calendar(zone, { ...closedWeek, sunday: [range('01:00', '04:00')] });
    const ny = sundayEarly('America/New_York');
    expect(workingTimeBetween(ny, at('2026-03-07T12:00-05:00'), at('2026-03-09T00:00-04:00'))).toBe(2 * HOUR);
    expect(workingTimeBetween(ny, at('2026-10-31T12:00-04:00'), at('2026-11-02T00:00-05:00'))).toBe(4 * HOUR);
    const berlin = sundayEarly('Europe/Berlin');
    expect(workingTimeBetween(berlin, at('2026-03-28T12:00+01:00'), at('2026-03-30T00:00+02:00'))).toBe(
      2 * HOUR,
    );
    expect(workingTimeBetween(berlin, at('2026-10-24T12:00+02:00'), at('2026-10-26T00:00+01:00'))).toBe(
      4 * HOUR,
    );
  });

  test('a range inside the skipped hour is empty; one inside the repeated hour counts once', () => {
    const cal = calendar('Europe/Berlin', { ...closedWeek, sunday: [range('02:00', '03:00')] });
    expect(workingTimeBetween(cal, at('2026-03-28T12:00+01:00'), at('2026-03-30T00:00+02:00'))).toBe(0);
    expect(workingTimeBetween(cal, at('2026-10-24T12:00+02:00'), at('2026-10-26T00:00+01:00'))).toBe(
      2 * HOUR,
    );
    const repeated = calendar('America/New_York', { ...closedWeek, sunday: [range('01:15', '01:45')] });
    expect(workingTimeBetween(repeated, at('2026-10-31T12:00-04:00'), at('2026-11-02T00:00-05:00'))).toBe(
      30 * MINUTE,
    );
  });

  test('ranges ending and starting in the skipped hour do not overlap', () => {
    const cal = calendar('America/New_York', {
      ...closedWeek,
      sunday: [range('00:00', '02:30'), range('03:00', '05:00')],
    });
    const from = at('2026-03-08T00:00-05:00');
    // 00:00 to the jump at 02:00 (then 03:00), and 03:00-05:00: four hours, the skipped half hour never shown.
    expect(workingTimeBetween(cal, from, at('2026-03-08T12:00-04:00'))).toBe(4 * HOUR);
    expect(iso(addWorkingTime(cal, from, 2 * HOUR))).toBe(iso(at('2026-03-08T03:00-04:00')));
    expect(iso(addWorkingTime(cal, from, 3 * HOUR))).toBe(iso(at('2026-03-08T04:00-04:00')));
    expect(isWorkingTime(cal, at('2026-03-08T03:15-04:00'))).toBe(true);
    const split = calendar('America/New_York', {
      ...closedWeek,
      sunday: [range('00:00', '02:30'), range('02:30', '05:00')],
    });
    expect(workingTimeBetween(split, from, at('2026-03-08T12:00-04:00'))).toBe(4 * HOUR);
  });
});

describe('a night shift', () => {
  test('counts straight through midnight', () => {
    const cal = nightShift('Europe/Berlin');
    expect(iso(addWorkingTime(cal, at('2026-06-01T23:00+02:00'), 2 * HOUR))).toBe(
      iso(at('2026-06-02T01:00+02:00')),
    );
    expect(iso(addWorkingTime(cal, at('2026-06-01T22:00+02:00'), 2 * HOUR))).toBe(
      iso(at('2026-06-02T00:00+02:00')),
    );
    expect(isWorkingTime(cal, at('2026-06-01T23:59+02:00'))).toBe(true);
    expect(isWorkingTime(cal, at('2026-06-02T00:00+02:00'))).toBe(true);
    expect(isWorkingTime(cal, at('2026-06-02T06:00+02:00'))).toBe(false);
    expect(iso(addWorkingTime(cal, at('2026-06-02T05:00+02:00'), 2 * HOUR))).toBe(
      iso(at('2026-06-02T23:00+02:00')),
    );
  });

  const dstNights = [
    ['America/New_York', '2026-03-07T22:00-05:00', '2026-03-08T06:00-04:00', 7],
    ['America/New_York', '2026-10-31T22:00-04:00', '2026-11-01T06:00-05:00', 9],
    ['Europe/Berlin', '2026-03-28T22:00+01:00', '2026-03-29T06:00+02:00', 7],
    ['Europe/Berlin', '2026-10-24T22:00+02:00', '2026-10-25T06:00+01:00', 9],
  ] as const;
  for (const [zone, evening, morning, hours] of dstNights) {
    test(`${zone}: a shift through the DST night at ${evening} lasts ${hours} hours`, () => {
      const cal = calendar(zone, everyDay(range('00:00', '06:00'), range('22:00', '24:00')));
      expect(workingTimeBetween(cal, at(evening), at(morning))).toBe(hours * HOUR);
      expect(iso(addWorkingTime(cal, at(evening), hours * HOUR))).toBe(iso(at(morning)));
      expect(iso(addWorkingTime(cal, at(evening), (hours + 1) * HOUR))).toBe(iso(at(morning) + 17 * HOUR));
    });
  }
});

describe('office hours with a holiday weekend (Europe/Berlin, Monday 2026-05-25 off)', () => {
  const cal = office('Europe/Berlin', [{ date: '2026-05-25', name: 'Whit Monday' }]);
  const friday = (time: string) => at(`2026-05-22T${time}+02:00`);

  test('filed at 16:59 on Friday: one working minute left, then Tuesday 09:00', () => {
    expect(workingTimeBetween(cal, friday('16:59'), at('2026-05-26T09:00+02:00'))).toBe(MINUTE);
    expect(iso(addWorkingMinutes(cal, friday('16:59'), 1))).toBe(iso(friday('17:00')));
    expect(iso(addWorkingMinutes(cal, friday('16:59'), 2))).toBe(iso(at('2026-05-26T09:01+02:00')));
    expect(isWorkingTime(cal, at('2026-05-25T12:00+02:00'))).toBe(false);
  });

  test('filed Friday 16:00: 4 working hours is Tuesday 12:00, 16 is Wednesday 16:00', () => {
    expect(iso(addWorkingMinutes(cal, friday('16:00'), 4 * 60))).toBe(iso(at('2026-05-26T12:00+02:00')));
    expect(iso(addWorkingMinutes(cal, friday('16:00'), 16 * 60))).toBe(iso(at('2026-05-27T16:00+02:00')));
  });

  test('two working hours of waiting move the resolution deadline by two working hours', () => {
    const created = friday('16:00');
    const resolveBy = addWorkingMinutes(cal, created, 16 * 60)!;
    // Waiting from Tuesday 16:00 to Wednesday 10:00: Tuesday's last hour and Wednesday's first.
    const paused = workingTimeBetween(cal, at('2026-05-26T16:00+02:00'), at('2026-05-27T10:00+02:00'));
    expect(paused).toBe(2 * HOUR);
    expect(workingMinutesBetween(cal, at('2026-05-26T16:00+02:00'), at('2026-05-27T10:00:59+02:00'))).toBe(
      120,
    );
    const moved = addWorkingTime(cal, resolveBy, paused);
    expect(iso(moved)).toBe(iso(at('2026-05-28T10:00+02:00')));
    expect(moved).toBe(addWorkingMinutes(cal, created, 18 * 60));
  });
});

describe('calendar rules', () => {
  test('an everyYear holiday is off in every year; a dated one only in its year', () => {
    const cal = calendar('America/New_York', everyDay(range('00:00', '24:00')), [
      { date: '2020-12-25', everyYear: true },
      { date: '2026-07-03' },
    ]);
    for (const year of [2026, 2027, 2030]) {
      expect(workingTimeBetween(cal, at(`${year}-12-24T00:00-05:00`), at(`${year}-12-27T00:00-05:00`))).toBe(
        48 * HOUR,
      );
      expect(isWorkingTime(cal, at(`${year}-12-25T12:00-05:00`))).toBe(false);
    }
    expect(isWorkingTime(cal, at('2026-07-03T12:00-04:00'))).toBe(false);
    expect(isWorkingTime(cal, at('2027-07-03T12:00-04:00'))).toBe(true);
  });

  test('several ranges a day skip the lunch break; a deadline at a range end stays there', () => {
    const cal = calendar('Europe/Berlin', weekdays(range('09:00', '12:00'), range('13:00', '17:00')));
    const monday = (time: string) => at(`2026-06-01T${time}+02:00`);
    expect(iso(addWorkingTime(cal, monday('11:00'), 2 * HOUR))).toBe(iso(monday('14:00')));
    expect(iso(addWorkingTime(cal, monday('11:00'), HOUR))).toBe(iso(monday('12:00')));
    expect(iso(addWorkingTime(cal, monday('16:00'), HOUR))).toBe(iso(monday('17:00')));
    expect(workingTimeBetween(cal, monday('08:00'), monday('18:00'))).toBe(7 * HOUR);
    expect(isWorkingTime(cal, monday('12:30'))).toBe(false);
  });

  test('a start inside non-working time counts from the next working range', () => {
    const cal = office('Europe/Berlin');
    expect(iso(addWorkingTime(cal, at('2026-06-06T10:00+02:00'), HOUR))).toBe(
      iso(at('2026-06-08T10:00+02:00')),
    );
    expect(iso(addWorkingTime(cal, at('2026-06-08T08:00+02:00'), 30 * MINUTE))).toBe(
      iso(at('2026-06-08T09:30+02:00')),
    );
    expect(iso(addWorkingTime(cal, at('2026-06-08T17:00+02:00'), 30 * MINUTE))).toBe(
      iso(at('2026-06-09T09:30+02:00')),
    );
  });

  test('zero working time is the start itself, working or not', () => {
    const cal = office('Europe/Berlin');
    const saturday = at('2026-06-06T10:00+02:00');
    expect(addWorkingTime(cal, saturday, 0)).toBe(saturday);
    expect(addWorkingMinutes(cal, saturday, 0)).toBe(saturday);
    expect(workingTimeBetween(cal, saturday, saturday)).toBe(0);
    expect(workingTimeBetween(cal, saturday + HOUR, saturday)).toBe(0);
  });

  test('a calendar whose every working day is a holiday has no deadline', () => {
    const everyMonthDay = Array.from({ length: 366 }, (_, i) => ({
      date: new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10),
      everyYear: true,
    }));
    const cal = calendar('Europe/Berlin', weekdays(range('09:00', '17:00')), everyMonthDay);
    const from = at('2026-06-01T10:00+02:00');
    expect(addWorkingMinutes(cal, from, 1)).toBeNull();
    expect(workingTimeBetween(cal, from, from + 400 * 24 * HOUR)).toBe(0);
    expect(isWorkingTime(cal, from)).toBe(false);
  });

  test('isWorkingTime: a range start is inside it, its end is not', () => {
    const cal = office('Europe/Berlin');
    expect(isWorkingTime(cal, at('2026-06-01T09:00+02:00'))).toBe(true);
    expect(isWorkingTime(cal, at('2026-06-01T08:59:59.999+02:00'))).toBe(false);
    expect(isWorkingTime(cal, at('2026-06-01T16:59:59.999+02:00'))).toBe(true);
    expect(isWorkingTime(cal, at('2026-06-01T17:00+02:00'))).toBe(false);
    expect(isWorkingTime(cal, at('2026-06-06T12:00+02:00'))).toBe(false);
  });

  test('instantOfWallTime: a skipped time moves forward by the gap, a repeated one is its first occurrence', () => {
    const cases = [
      ['Europe/Berlin', '2026-06-01T09:00', '2026-06-01T09:00+02:00'],
      ['Europe/Berlin', '2026-03-29T02:30', '2026-03-29T03:30+02:00'],
      ['Europe/Berlin', '2026-10-25T02:30', '2026-10-25T02:30+02:00'],
      ['America/New_York', '2026-03-08T02:30', '2026-03-08T03:30-04:00'],
      ['America/New_York', '2026-11-01T01:30', '2026-11-01T01:30-04:00'],
      ['Australia/Lord_Howe', '2026-10-04T02:15', '2026-10-04T02:45+11:00'],
      ['Australia/Lord_Howe', '2026-04-05T01:45', '2026-04-05T01:45+11:00'],
      ['Pacific/Chatham', '2026-09-27T02:00', '2026-09-27T02:00+12:45'],
      ['Pacific/Chatham', '2026-09-27T03:00', '2026-09-27T04:00+13:45'],
      ['Pacific/Auckland', '2026-04-05T02:30', '2026-04-05T02:30+13:00'],
      ['Pacific/Auckland', '2026-09-27T01:30', '2026-09-27T01:30+12:00'],
    ] as const;
    for (const [zone, wall, instant] of cases) {
      expect(iso(instantOfWallTime(zone, Date.parse(`${wall}Z`)))).toBe(iso(at(instant)));
    }
  });

  test('input that is not a number never throws or loops', () => {
    const cal = office('Europe/Berlin');
    expect(addWorkingTime(cal, Number.NaN, HOUR)).toBeNull();
    expect(addWorkingTime(cal, at('2026-06-01T10:00+02:00'), Number.POSITIVE_INFINITY)).toBeNull();
    expect(addWorkingTime(cal, 8.64e15, HOUR)).toBeNull();
    expect(workingTimeBetween(cal, Number.NaN, 0)).toBe(0);
    expect(isWorkingTime(cal, Number.NaN)).toBe(false);
  });
});

// --- properties over random calendars ---------------------------------------------------------

const ZONES = [
  'America/New_York',
  'Europe/Berlin',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'UTC',
  'Pacific/Chatham',
  'Pacific/Auckland',
] as const;
/** Times around DST changes (02:00-03:00, 02:45-03:45 in Chatham) and office edges, so the random ranges often sit on them. */
const EDGE_MINUTES = [0, 60, 90, 120, 135, 150, 165, 180, 225, 240, 540, 720, 780, 1020, 1320, 1440];
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const rangesFrom = (points: fc.Arbitrary<number>) =>
  fc.uniqueArray(points, { maxLength: 6 }).map((points) => {
    const sorted = [...points].sort((a, b) => a - b);
    const ranges: TWorkingRange[] = [];
    for (let i = 0; i + 1 < sorted.length; i += 2) ranges.push(range(hhmm(sorted[i]!), hhmm(sorted[i + 1]!)));
    return ranges;
  });
const dayRangesArb = rangesFrom(
  fc.oneof(fc.constantFrom(...EDGE_MINUTES), fc.integer({ min: 0, max: 1440 })),
);
const weeklyHoursArb = fc
  .oneof(
    fc.record({
      monday: dayRangesArb,
      tuesday: dayRangesArb,
      wednesday: dayRangesArb,
      thursday: dayRangesArb,
      friday: dayRangesArb,
      saturday: dayRangesArb,
      sunday: dayRangesArb,
    }),
    dayRangesArb.map((ranges) => weekdays(...ranges)),
    fc.constant(everyDay(range('00:00', '24:00'))),
  )
  .filter((week) => ZWeeklyHours.safeParse(week).success && hasWorkingTime(week));
const holidaysArb = fc.array(
  fc.record({
    date: fc
      .integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 11, 31) })
      .map((ms) => new Date(ms).toISOString().slice(0, 10)),
    everyYear: fc.boolean(),
  }),
  { maxLength: 6 },
);
const calendarArb = fc.record({
  timeZone: fc.constantFrom(...ZONES),
  weeklyHours: weeklyHoursArb,
  holidays: holidaysArb,
});

/** The 2026 DST changes of the zones that have them, as instants. */
const DST_CHANGES: Record<string, string[]> = {
  'America/New_York': ['2026-03-08T07:00Z', '2026-11-01T06:00Z'],
  'Europe/Berlin': ['2026-03-29T01:00Z', '2026-10-25T01:00Z'],
  'Australia/Lord_Howe': ['2026-04-04T15:00Z', '2026-10-03T15:30Z'],
  'Pacific/Chatham': ['2026-04-04T14:00Z', '2026-09-26T14:00Z'],
  'Pacific/Auckland': ['2026-04-04T14:00Z', '2026-09-26T14:00Z'],
};
const DST_DAYS = Object.values(DST_CHANGES)
  .flat()
  .map((change) => change.slice(0, 10));
const instantArb = fc.oneof(
  fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 11, 31) }),
  fc
    .integer({ min: Date.UTC(2025, 0, 1) / MINUTE, max: Date.UTC(2028, 11, 31) / MINUTE })
    .map((m) => m * MINUTE),
  fc
    .tuple(fc.constantFrom(...DST_DAYS), fc.integer({ min: -3 * 24 * 60, max: 3 * 24 * 60 }))
    .map(([day, minutes]) => Date.parse(`${day}T00:00Z`) + minutes * MINUTE),
);
/** Up to a month of working time, in whole minutes or any milliseconds. */
const amountArb = fc.oneof(
  fc.integer({ min: 0, max: 30 * 24 * 60 }).map((m) => m * MINUTE),
  fc.integer({ min: 0, max: 3 * 24 * HOUR }),
);

/** A calendar in a zone with DST and an instant within six hours of one of its changes. */
const nearDstChangeArb = fc.constantFrom(...Object.keys(DST_CHANGES)).chain((timeZone) =>
  fc.record({
    cal: fc.record({
      timeZone: fc.constant(timeZone),
      weeklyHours: rangesFrom(
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...EDGE_MINUTES) },
          fc.integer({ min: 0, max: 1440 }),
        ),
      )
        .map((ranges) => everyDay(...ranges))
        .filter(hasWorkingTime),
      holidays: fc.constant<CalendarRules['holidays']>([]),
    }),
    at: fc
      .tuple(fc.constantFrom(...DST_CHANGES[timeZone]!), fc.integer({ min: -4 * 60, max: 3 * 60 }))
      .map(([change, minutes]) => Date.parse(change) + minutes * MINUTE),
  }),
);

const RUNS = { numRuns: 60 };
/** null (no deadline in the horizon) sorts after every instant. */
const orderOf = (ms: number | null) => ms ?? Number.POSITIVE_INFINITY;

describe('properties over random calendars', () => {
  test('a deadline is the first instant after exactly the amount of working time', () => {
    fc.assert(
      fc.property(calendarArb, instantArb, amountArb, (cal, from, amount) => {
        const due = addWorkingTime(cal, from, amount);
        if (due === null) return;
        expect(workingTimeBetween(cal, from, due)).toBe(amount);
        if (amount === 0) {
          expect(due).toBe(from);
          return;
        }
        expect(due - from).toBeGreaterThanOrEqual(amount);
        // Working time at the deadline, or the end of a range that was working time just before.
        expect(isWorkingTime(cal, due) || isWorkingTime(cal, due - 1)).toBe(true);
        expect(workingTimeBetween(cal, from, due - 1)).toBeLessThan(amount);
      }),
      RUNS,
    );
  });

  test('adding a then b is adding a + b', () => {
    fc.assert(
      fc.property(calendarArb, instantArb, amountArb, amountArb, (cal, from, a, b) => {
        const first = addWorkingTime(cal, from, a);
        const both = addWorkingTime(cal, from, a + b);
        if (first === null) return expect(both).toBeNull();
        // Counted from the later instant `first` the horizon reaches further, so only a found sum must match.
        if (both !== null) expect(addWorkingTime(cal, first, b)).toBe(both);
      }),
      RUNS,
    );
  });

  test('more working time, or a later start, never gives an earlier deadline', () => {
    fc.assert(
      fc.property(calendarArb, instantArb, instantArb, amountArb, amountArb, (cal, t1, t2, a1, a2) => {
        const [early, late] = t1 <= t2 ? [t1, t2] : [t2, t1];
        const [less, more] = a1 <= a2 ? [a1, a2] : [a2, a1];
        expect(orderOf(addWorkingTime(cal, early, less))).toBeLessThanOrEqual(
          orderOf(addWorkingTime(cal, early, more)),
        );
        const fromLate = addWorkingTime(cal, late, less);
        if (fromLate !== null)
          expect(orderOf(addWorkingTime(cal, early, less))).toBeLessThanOrEqual(fromLate);
      }),
      RUNS,
    );
  });

  test('working time between instants is additive over a split and never more than the time elapsed', () => {
    fc.assert(
      fc.property(calendarArb, fc.array(instantArb, { minLength: 3, maxLength: 3 }), (cal, instants) => {
        const [t1, t2, t3] = [...instants].sort((a, b) => a - b) as [number, number, number];
        const whole = workingTimeBetween(cal, t1, t3);
        expect(whole).toBe(workingTimeBetween(cal, t1, t2) + workingTimeBetween(cal, t2, t3));
        expect(whole).toBeLessThanOrEqual(t3 - t1);
        expect(whole).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });

  test('each minute counts fully exactly when it is working time', () => {
    const minuteArb = instantArb.map((ms) => Math.floor(ms / MINUTE) * MINUTE);
    fc.assert(
      fc.property(calendarArb, minuteArb, (cal, start) => {
        for (let minute = start; minute < start + 6 * HOUR; minute += 15 * MINUTE) {
          expect(workingTimeBetween(cal, minute, minute + MINUTE)).toBe(
            isWorkingTime(cal, minute) ? MINUTE : 0,
          );
        }
      }),
      RUNS,
    );
  });

  test('away from DST changes, an instant is working time exactly when its local day and time say so', () => {
    const formats = new Map(
      ZONES.map((zone) => [
        zone,
        new Intl.DateTimeFormat('en-US', {
          timeZone: zone,
          hourCycle: 'h23',
          weekday: 'long',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          timeZoneName: 'longOffset',
        }),
      ]),
    );
    const partsAt = (zone: (typeof ZONES)[number], ms: number) => {
      const parts = Object.fromEntries(
        formats
          .get(zone)!
          .formatToParts(ms)
          .map((part) => [part.type, part.value]),
      );
      return {
        weekday: parts.weekday!.toLowerCase() as keyof TWeeklyHours,
        date: `${parts.year}-${parts.month}-${parts.day}`,
        minute: Number(parts.hour) * 60 + Number(parts.minute),
        offset: parts.timeZoneName!,
      };
    };
    const inRanges = (ranges: TWorkingRange[], minute: number) =>
      ranges.some((r) => minutesOfDay(r.start) <= minute && minute < minutesOfDay(r.end));
    fc.assert(
      fc.property(calendarArb, instantArb, (cal, ms) => {
        const local = partsAt(cal.timeZone, ms);
        const offsets = [ms - 26 * HOUR, ms + 26 * HOUR].map((t) => partsAt(cal.timeZone, t).offset);
        if (offsets.some((offset) => offset !== local.offset)) return;
        const holiday = cal.holidays.some(
          (h) => h.date === local.date || (h.everyYear && h.date.slice(5) === local.date.slice(5)),
        );
        const expected = !holiday && inRanges(cal.weeklyHours[local.weekday], local.minute);
        expect(isWorkingTime(cal, ms)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  test('near a DST change, no stretch of time holds more working time than its length', () => {
    fc.assert(
      fc.property(nearDstChangeArb, fc.integer({ min: 0, max: 4 * 60 }), ({ cal, at: from }, minutes) => {
        const to = from + minutes * MINUTE;
        expect(workingTimeBetween(cal, from, to)).toBeLessThanOrEqual(to - from);
        for (let minute = from; minute < to; minute += MINUTE) {
          expect(workingTimeBetween(cal, minute, minute + MINUTE)).toBe(
            isWorkingTime(cal, minute) ? MINUTE : 0,
          );
        }
      }),
      { numRuns: 200 },
    );
  });

  test('a calendar the API accepts, in any zone the runtime knows, never throws or runs past its horizon', () => {
    const acceptedArb = fc
      .record({
        name: fc.constant('Any'),
        timeZone: fc.constantFrom(...Intl.supportedValuesOf('timeZone'), 'Pacific/Apia', 'europe/berlin'),
        weeklyHours: weeklyHoursArb,
        holidays: holidaysArb,
      })
      .filter((body) => ZCreateBusinessCalendarRequest.safeParse(body).success);
    const anyInstantArb = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) });
    const anyAmountArb = fc.integer({ min: 0, max: SLA_LIMITS.targetMinutesMax }).map((m) => m * MINUTE);
    fc.assert(
      fc.property(acceptedArb, anyInstantArb, anyAmountArb, (body, from, amount) => {
        const cal = ZCalendarRules.parse(body);
        const due = addWorkingTime(cal, from, amount);
        if (due !== null) expect(due).toBeGreaterThanOrEqual(from + amount);
        expect(workingTimeBetween(cal, from, due ?? from + amount)).toBeLessThanOrEqual(amount);
        expect(typeof isWorkingTime(cal, from)).toBe('boolean');
      }),
      { numRuns: 15 },
    );
  });

  test('around the clock in any zone, holidays aside, is elapsed time', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), instantArb, amountArb, (zone, from, amount) => {
        const cal = calendar(zone, everyDay(range('00:00', '24:00')), [{ date: '2040-01-01' }]);
        expect(addWorkingTime(cal, from, amount)).toBe(from + amount);
        expect(workingTimeBetween(cal, from, from + amount)).toBe(amount);
      }),
      RUNS,
    );
  });
});
