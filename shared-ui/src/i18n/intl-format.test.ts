import { afterEach, expect, test } from 'bun:test';
import { setDisplayTimeZone } from '@helpdesk/shared-ui';
import { formatDateTime, formatNumber, formatRelativeTime } from './intl-format.ts';

afterEach(() => setDisplayTimeZone(null));

const WINTER_NOON_UTC = '2026-01-15T12:00:00Z';

test("dates take the person's language and the desk's zone", () => {
  setDisplayTimeZone('Europe/Berlin');
  const options = { dateStyle: 'long', timeStyle: 'short' } as const;
  // Whole strings would pin the ICU data of one engine: the parts that carry the language and zone.
  expect(formatDateTime(WINTER_NOON_UTC, 'de', options)).toStartWith('15. Januar 2026');
  expect(formatDateTime(WINTER_NOON_UTC, 'de', options)).toEndWith('13:00');
  expect(formatDateTime(WINTER_NOON_UTC, 'en', options)).toStartWith('January 15, 2026');
  expect(formatDateTime(WINTER_NOON_UTC, 'en', options)).toMatch(/1:00\sPM$/);
  // A zone of the person's own overrides the desk's.
  const mexico = formatDateTime(WINTER_NOON_UTC, 'es', options, 'America/Mexico_City');
  expect(mexico).toStartWith('15 de enero de 2026');
  expect(mexico).toEndWith('6:00');
  expect(formatDateTime('not a date', 'fr')).toBe('');
});

test('relative times pick the largest whole unit, in words of the language', () => {
  const now = new Date('2026-01-15T12:00:00Z');
  expect(formatRelativeTime('2026-01-15T11:55:00Z', 'en', now)).toBe('5 minutes ago');
  expect(formatRelativeTime('2026-01-15T11:55:00Z', 'de', now)).toBe('vor 5 Minuten');
  expect(formatRelativeTime('2026-01-13T12:00:00Z', 'es', now)).toBe('anteayer');
  expect(formatRelativeTime('2026-01-15T15:00:00Z', 'fr', now)).toBe('dans 3 heures');
});

test('numbers group and mark decimals as the language does', () => {
  expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
  expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
  expect(formatNumber(0.25, 'fr', { style: 'percent' })).toBe('25\u00a0%');
});
