import { describe, expect, test } from 'bun:test';
import { formatDuration, formatMoment } from './sla-time.ts';

const tuesdayNoonBerlin = '2026-12-08T11:00:00.000Z';
const now = new Date('2026-12-07T09:00:00.000Z');

describe('formatMoment in the reader’s language', () => {
  test('German names the day and month as German does, and the calendar’s time in its words', () => {
    const clock = {
      viewerZone: 'America/New_York',
      now,
      locale: 'de' as const,
      inZone: (time: string, city: string) => `${time} Uhr in ${city}`,
    };
    expect(formatMoment(tuesdayNoonBerlin, 'Europe/Berlin', clock)).toBe(
      'Di., 8. Dez., 06:00 (12:00 Uhr in Berlin)',
    );
  });

  test('a moment of another year carries the year', () => {
    const clock = { viewerZone: 'Europe/Berlin', now, locale: 'fr' as const };
    expect(formatMoment('2027-01-05T11:00:00.000Z', null, clock)).toBe('mar. 5 janv. 2027, 12:00');
  });

  test('English keeps its own form when asked by name', () => {
    const clock = { viewerZone: 'Europe/Berlin', now, locale: 'en' as const };
    expect(formatMoment(tuesdayNoonBerlin, null, clock)).toBe('Tue 8 Dec, 12:00');
  });
});

describe('formatDuration in the reader’s language', () => {
  test('another language writes its own short units, English keeps its own', () => {
    expect(formatDuration(3 * 24 * 60 + 240, { days: true, locale: 'fr' })).toBe('3j 4h');
    expect(formatDuration(45, { locale: 'de' })).toBe('45 Min.');
    expect(formatDuration(105, { locale: 'en' })).toBe('1 h 45 m');
  });
});
