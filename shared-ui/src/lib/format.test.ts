import { describe, expect, test } from 'bun:test';
import {
  formatDetailDate,
  formatFileSizeKb,
  formatHours,
  formatListDate,
  formatRelativeTime,
  formatRemainingMinutes,
  formatShortDate,
  fullName,
  initials,
  roleLabel,
} from './format.ts';

// Local-time constructors, so the expectations hold in any TZ the tests run in.
const nov21 = new Date(2026, 10, 21, 14, 5, 30);
const jan2 = new Date(2026, 0, 2, 9, 7);

describe('date formats', () => {
  test('list: month day, hour:minute', () => {
    expect(formatListDate(nov21)).toBe('Nov 21, 14:05');
    expect(formatListDate(jan2)).toBe('Jan 2, 09:07');
  });

  test('detail: month day, year hour:minute', () => {
    expect(formatDetailDate(nov21)).toBe('Nov 21, 2026 14:05');
    expect(formatDetailDate(new Date(2025, 11, 31, 0, 0))).toBe('Dec 31, 2025 00:00');
  });

  test('short: month day, year', () => {
    expect(formatShortDate(nov21)).toBe('Nov 21, 2026');
    expect(formatShortDate(jan2)).toBe('Jan 2, 2026');
  });

  test('accepts ISO strings and epoch numbers', () => {
    expect(formatShortDate(nov21.toISOString())).toBe('Nov 21, 2026');
    expect(formatListDate(nov21.getTime())).toBe('Nov 21, 14:05');
  });

  test('an invalid date formats as empty text, never "Invalid Date"', () => {
    expect(formatListDate('not a date')).toBe('');
    expect(formatDetailDate('')).toBe('');
    expect(formatShortDate(Number.NaN)).toBe('');
    expect(formatRelativeTime('garbage', nov21)).toBe('');
  });
});

describe('formatRelativeTime', () => {
  const ago = (ms: number) => new Date(nov21.getTime() - ms);
  const minute = 60_000;

  test('under a minute, and the future, is Just now', () => {
    expect(formatRelativeTime(nov21, nov21)).toBe('Just now');
    expect(formatRelativeTime(ago(59_999), nov21)).toBe('Just now');
    expect(formatRelativeTime(new Date(nov21.getTime() + 5 * minute), nov21)).toBe('Just now');
  });

  test('minutes, hours and days with singular and plural', () => {
    expect(formatRelativeTime(ago(minute), nov21)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(59 * minute), nov21)).toBe('59 minutes ago');
    expect(formatRelativeTime(ago(60 * minute), nov21)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(23 * 60 * minute + 59 * minute), nov21)).toBe('23 hours ago');
    expect(formatRelativeTime(ago(24 * 60 * minute), nov21)).toBe('1 day ago');
    expect(formatRelativeTime(ago(30 * 24 * 60 * minute), nov21)).toBe('30 days ago');
  });

  test('takes ISO strings', () => {
    expect(formatRelativeTime(ago(2 * 60 * minute).toISOString(), nov21)).toBe('2 hours ago');
  });
});

describe('formatRemainingMinutes', () => {
  test('zero or less is Overdue', () => {
    expect(formatRemainingMinutes(0)).toBe('Overdue');
    expect(formatRemainingMinutes(-15)).toBe('Overdue');
    expect(formatRemainingMinutes(Number.NaN)).toBe('Overdue');
  });

  test('under 24 hours is hours and minutes', () => {
    expect(formatRemainingMinutes(1)).toBe('0h 1m');
    expect(formatRemainingMinutes(125)).toBe('2h 5m');
    expect(formatRemainingMinutes(24 * 60 - 1)).toBe('23h 59m');
  });

  test('24 hours or more is days and hours', () => {
    expect(formatRemainingMinutes(24 * 60)).toBe('1d 0h');
    expect(formatRemainingMinutes(3 * 24 * 60 + 5 * 60 + 59)).toBe('3d 5h');
  });
});

describe('numbers', () => {
  test('file size in KB with one decimal', () => {
    expect(formatFileSizeKb(2048)).toBe('2.0 KB');
    expect(formatFileSizeKb(1536)).toBe('1.5 KB');
    expect(formatFileSizeKb(0)).toBe('0.0 KB');
    expect(formatFileSizeKb(10 * 1024 * 1024)).toBe('10240.0 KB');
  });

  test('hours with one decimal and h', () => {
    expect(formatHours(3.25)).toBe('3.3h');
    expect(formatHours(0)).toBe('0.0h');
    expect(formatHours(12)).toBe('12.0h');
  });
});

describe('people', () => {
  test('initials are the upper-cased first letters', () => {
    expect(initials('ada', 'lovelace')).toBe('AL');
    expect(initials('Grace', 'Hopper')).toBe('GH');
    expect(initials(' ada', '')).toBe('A');
    expect(initials(null, undefined)).toBe('');
  });

  test('role labels replace underscores with spaces', () => {
    expect(roleLabel('end_user')).toBe('end user');
    expect(roleLabel('admin')).toBe('admin');
    expect(roleLabel('agent')).toBe('agent');
  });

  test('full name joins first and last', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(fullName({ firstName: 'Ada', lastName: '' })).toBe('Ada');
    expect(fullName({ firstName: null, lastName: 'Lovelace' })).toBe('Lovelace');
  });
});
