import { describe, expect, test } from 'bun:test';
import { aroundTheClockWeek, nextRange, officeHoursWeek, weeklyHoursSummary } from './weekly-hours.ts';

describe('weeklyHoursSummary', () => {
  test('a run of days with the same hours shares one label; closed days are left out', () => {
    expect(weeklyHoursSummary(officeHoursWeek())).toBe('Mon-Fri 09:00-17:00');
    expect(
      weeklyHoursSummary({
        ...officeHoursWeek(),
        friday: [{ start: '09:00', end: '13:00' }],
        saturday: [{ start: '10:00', end: '14:00' }],
      }),
    ).toBe('Mon-Thu 09:00-17:00; Fri 09:00-13:00; Sat 10:00-14:00');
  });

  test('days apart are not joined, and split days list their ranges in order', () => {
    const closed = { ...officeHoursWeek(), monday: [], tuesday: [], wednesday: [], thursday: [], friday: [] };
    const split = [
      { start: '13:00', end: '17:00' },
      { start: '08:00', end: '12:00' },
    ];
    expect(weeklyHoursSummary({ ...closed, monday: split, wednesday: split })).toBe(
      'Mon 08:00-12:00, 13:00-17:00; Wed 08:00-12:00, 13:00-17:00',
    );
  });

  test('seven full days are around the clock, an empty week is closed', () => {
    expect(weeklyHoursSummary(aroundTheClockWeek())).toBe('Around the clock');
    expect(weeklyHoursSummary({ ...aroundTheClockWeek(), sunday: [] })).toBe('Mon-Sat 00:00-24:00');
    const week = officeHoursWeek();
    expect(
      weeklyHoursSummary({ ...week, monday: [], tuesday: [], wednesday: [], thursday: [], friday: [] }),
    ).toBe('Closed all week');
  });
});

describe('nextRange', () => {
  test('starts an hour after the last range and lasts three hours, or until midnight', () => {
    expect(nextRange([{ start: '08:00', end: '12:00' }])).toEqual({ start: '13:00', end: '16:00' });
    expect(nextRange([{ start: '08:00', end: '22:00' }])).toEqual({ start: '23:00', end: '24:00' });
  });

  test('an empty day or an unreadable end gets the default; a day ending late gets blanks to fill in', () => {
    expect(nextRange([])).toEqual({ start: '09:00', end: '17:00' });
    expect(nextRange([{ start: '08:00', end: '7pm' }])).toEqual({ start: '09:00', end: '17:00' });
    expect(nextRange([{ start: '08:00', end: '24:00' }])).toEqual({ start: '', end: '' });
  });
});
