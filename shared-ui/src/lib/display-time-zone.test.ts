import { afterEach, describe, expect, test } from 'bun:test';
import { SETTINGS_TIMEZONE_IANA } from '@helpdesk/contracts';
import {
  formatDetailDate,
  formatListDate,
  formatShortDate,
  getDisplayTimeZone,
  setDisplayTimeZone,
} from './format.ts';

afterEach(() => setDisplayTimeZone(null));

const winterNoon = '2026-01-15T12:30:00.000Z';
const summerNoon = '2026-07-15T12:30:00.000Z';
const newYearsEveLate = '2026-12-31T23:45:00.000Z';

describe('setDisplayTimeZone', () => {
  test('UTC and GMT format the instant as it is', () => {
    setDisplayTimeZone(SETTINGS_TIMEZONE_IANA.UTC);
    expect(formatDetailDate(winterNoon)).toBe('Jan 15, 2026 12:30');
    setDisplayTimeZone(SETTINGS_TIMEZONE_IANA.GMT);
    expect(formatDetailDate(summerNoon)).toBe('Jul 15, 2026 12:30');
  });

  test('Eastern and Pacific follow daylight saving', () => {
    setDisplayTimeZone(SETTINGS_TIMEZONE_IANA.EST);
    expect(formatDetailDate(winterNoon)).toBe('Jan 15, 2026 07:30');
    expect(formatDetailDate(summerNoon)).toBe('Jul 15, 2026 08:30');
    setDisplayTimeZone(SETTINGS_TIMEZONE_IANA.PST);
    expect(formatListDate(winterNoon)).toBe('Jan 15, 04:30');
    expect(formatListDate(summerNoon)).toBe('Jul 15, 05:30');
  });

  test('the calendar day and year move with the zone', () => {
    setDisplayTimeZone(SETTINGS_TIMEZONE_IANA.UTC);
    expect(formatShortDate(newYearsEveLate)).toBe('Dec 31, 2026');
    setDisplayTimeZone('Asia/Tokyo');
    expect(formatShortDate(newYearsEveLate)).toBe('Jan 1, 2027');
    expect(formatDetailDate(newYearsEveLate)).toBe('Jan 1, 2027 08:45');
  });

  test('midnight reads 00, not 24', () => {
    setDisplayTimeZone(SETTINGS_TIMEZONE_IANA.UTC);
    expect(formatListDate('2026-03-01T00:05:00.000Z')).toBe('Mar 1, 00:05');
  });

  test('an unknown zone is refused and the previous one stays', () => {
    setDisplayTimeZone(SETTINGS_TIMEZONE_IANA.EST);
    expect(() => setDisplayTimeZone('Mars/Olympus_Mons')).toThrow(RangeError);
    expect(getDisplayTimeZone()).toBe('America/New_York');
  });

  test('null goes back to the browser zone', () => {
    setDisplayTimeZone('Asia/Tokyo');
    setDisplayTimeZone(null);
    expect(getDisplayTimeZone()).toBeNull();
    const local = new Date(2026, 10, 21, 14, 5);
    expect(formatDetailDate(local)).toBe('Nov 21, 2026 14:05');
  });

  test('an invalid date still formats as empty text', () => {
    setDisplayTimeZone(SETTINGS_TIMEZONE_IANA.PST);
    expect(formatShortDate('not a date')).toBe('');
  });
});
