import { describe, expect, test } from 'bun:test';
import { formatDuration, formatMoment, wallTimeInZone, wallTimeToIso, zoneCity } from './sla-time.ts';

// Tue 8 Dec 2026, 11:00 UTC: 12:00 in Berlin (winter time), 06:00 in New York.
const tuesdayNoonBerlin = '2026-12-08T11:00:00.000Z';
const now = new Date('2026-12-07T09:00:00.000Z');

describe('formatMoment', () => {
  test('in the viewer zone, with the calendar zone time when it differs', () => {
    const clock = { viewerZone: 'America/New_York', now };
    expect(formatMoment(tuesdayNoonBerlin, null, clock)).toBe('Tue 8 Dec, 06:00');
    expect(formatMoment(tuesdayNoonBerlin, 'Europe/Berlin', clock)).toBe(
      'Tue 8 Dec, 06:00 (12:00 Berlin time)',
    );
  });

  test('no brackets when the viewer is in the calendar zone', () => {
    const clock = { viewerZone: 'Europe/Berlin', now };
    expect(formatMoment(tuesdayNoonBerlin, 'Europe/Berlin', clock)).toBe('Tue 8 Dec, 12:00');
  });

  test('the day in brackets when the calendar zone is on another day, the year when not this year', () => {
    const clock = { viewerZone: 'America/Los_Angeles', now };
    expect(formatMoment('2026-12-09T03:00:00.000Z', 'Asia/Tokyo', clock)).toBe(
      'Tue 8 Dec, 19:00 (Wed 9 Dec, 12:00 Tokyo time)',
    );
    expect(formatMoment('2027-01-05T12:00:00.000Z', null, { viewerZone: 'UTC', now })).toBe(
      'Tue 5 Jan 2027, 12:00',
    );
    expect(formatMoment('garbage', null, clock)).toBe('');
  });
});

describe('formatDuration', () => {
  test('hours and minutes, leaving out a zero part', () => {
    expect(formatDuration(45)).toBe('45 m');
    expect(formatDuration(120)).toBe('2 h');
    expect(formatDuration(105)).toBe('1 h 45 m');
    expect(formatDuration(0)).toBe('0 m');
    expect(formatDuration(-5)).toBe('0 m');
  });

  test('days only for elapsed time of two days and more', () => {
    expect(formatDuration(50 * 60)).toBe('50 h');
    expect(formatDuration(50 * 60, { days: true })).toBe('2 d 2 h');
    expect(formatDuration(47 * 60 + 5, { days: true })).toBe('47 h 5 m');
    expect(formatDuration(72 * 60, { days: true })).toBe('3 d');
  });
});

describe('zoneCity', () => {
  test('the last part of the zone, underscores as spaces', () => {
    expect(zoneCity('Europe/Berlin')).toBe('Berlin');
    expect(zoneCity('America/New_York')).toBe('New York');
    expect(zoneCity('UTC')).toBe('UTC');
  });
});

describe('wall times', () => {
  test('a wall time in a zone is the instant it names there, both ways', () => {
    expect(wallTimeToIso('2026-12-08T12:00', 'Europe/Berlin')).toBe(tuesdayNoonBerlin);
    expect(wallTimeToIso('2026-07-08T12:00', 'Europe/Berlin')).toBe('2026-07-08T10:00:00.000Z');
    expect(wallTimeToIso('2026-12-08T06:00', 'America/New_York')).toBe(tuesdayNoonBerlin);
    expect(wallTimeInZone(new Date(tuesdayNoonBerlin), 'Europe/Berlin')).toBe('2026-12-08T12:00');
  });

  test('a time the clocks skip reads as after the change; nonsense is null', () => {
    expect(wallTimeToIso('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(wallTimeToIso('2026-02-30T10:00', 'UTC')).toBeNull();
    expect(wallTimeToIso('', 'UTC')).toBeNull();
    expect(wallTimeToIso('tomorrow', 'UTC')).toBeNull();
  });
});
