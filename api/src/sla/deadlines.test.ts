import { describe, expect, test } from 'bun:test';
import type { TCalendarRules } from '@helpdesk/contracts';
import { AROUND_THE_CLOCK } from './business-time.ts';
import { endHold, slaDeadlines, workingMinutesLeft } from './deadlines.ts';

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const nineToFive = [{ start: '09:00', end: '17:00' }];
/** Berlin, Monday to Friday 09:00-17:00, Monday 30 November 2026 a holiday (CET: UTC+1). */
const berlin: TCalendarRules = {
  timeZone: 'Europe/Berlin',
  weeklyHours: {
    monday: nineToFive,
    tuesday: nineToFive,
    wednesday: nineToFive,
    thursday: nineToFive,
    friday: nineToFive,
    saturday: [],
    sunday: [],
  },
  holidays: [{ date: '2026-11-30', name: 'Office closed' }],
};
const high = {
  policyId: '00000000-0000-4000-8000-000000000001',
  responseMinutes: 240,
  resolutionMinutes: 960,
};

/** Friday 27 November 2026, 16:00 in Berlin. */
const fridayFour = at('2026-11-27T15:00:00Z');

describe('slaDeadlines', () => {
  test('the worked example: filed Friday 16:00 in Berlin, Monday off, 4h/16h -> Tuesday 12:00, Wednesday 16:00', () => {
    const deadlines = slaDeadlines({ ...high, calendar: berlin }, fridayFour, 0);
    expect(iso(deadlines.responseBy)).toBe('2026-12-01T11:00:00.000Z');
    expect(iso(deadlines.resolveBy)).toBe('2026-12-02T15:00:00.000Z');
    // Three quarters of the working time: 3 of 4 hours (Tuesday 11:00), 12 of 16 (Wednesday 12:00).
    expect(iso(deadlines.responseRiskAt)).toBe('2026-12-01T10:00:00.000Z');
    expect(iso(deadlines.resolveRiskAt)).toBe('2026-12-02T11:00:00.000Z');
    expect(deadlines.policyId).toBe(high.policyId);
  });

  test('around the clock the deadlines are plain elapsed time, risk at three quarters', () => {
    const deadlines = slaDeadlines({ ...high, calendar: AROUND_THE_CLOCK }, fridayFour, 0);
    expect(deadlines.responseBy).toBe(fridayFour + 4 * HOUR);
    expect(deadlines.resolveBy).toBe(fridayFour + 16 * HOUR);
    expect(deadlines.responseRiskAt).toBe(fridayFour + 3 * HOUR);
    expect(deadlines.resolveRiskAt).toBe(fridayFour + 12 * HOUR);
  });

  test('paused minutes lengthen the resolution target and its risk moment, never the response', () => {
    const deadlines = slaDeadlines({ ...high, calendar: berlin }, fridayFour, 120);
    expect(iso(deadlines.responseBy)).toBe('2026-12-01T11:00:00.000Z');
    expect(iso(deadlines.resolveBy)).toBe('2026-12-03T09:00:00.000Z');
    expect(iso(deadlines.resolveRiskAt)).toBe('2026-12-02T13:00:00.000Z');
  });

  test('no policy: no deadlines; a calendar without working time ahead: no deadline either', () => {
    expect(slaDeadlines(null, fridayFour, 0)).toEqual({
      policyId: null,
      responseBy: null,
      resolveBy: null,
      responseRiskAt: null,
      resolveRiskAt: null,
    });
    const closed = { ...berlin, weeklyHours: { ...berlin.weeklyHours, friday: [] } };
    const onlyFridays = {
      ...closed,
      weeklyHours: { ...closed.weeklyHours, monday: [], tuesday: [], wednesday: [], thursday: [] },
    };
    const none = slaDeadlines({ ...high, calendar: onlyFridays }, fridayFour, 0);
    expect(none.responseBy).toBeNull();
    expect(none.resolveRiskAt).toBeNull();
  });
});

describe('endHold', () => {
  const deadlines = slaDeadlines({ ...high, calendar: berlin }, fridayFour, 0);
  const hold = (sinceIso: string) => ({
    since: at(sinceIso),
    waitingResolveBy: deadlines.resolveBy,
    resolveRiskAt: deadlines.resolveRiskAt,
  });

  test('a two-working-hour hold (Tuesday 16:00 to Wednesday 10:00) moves resolution by two working hours', () => {
    const end = endHold(berlin, hold('2026-12-01T15:00:00Z'), at('2026-12-02T09:00:00Z'));
    expect(end.pausedMinutes).toBe(120);
    expect(end.wallMinutes).toBe(18 * 60);
    // Wednesday 16:00 + 2 working hours: 17:00, then Thursday 09:00-10:00.
    expect(iso(end.resolveBy)).toBe('2026-12-03T09:00:00.000Z');
    expect(iso(end.resolveRiskAt)).toBe('2026-12-02T13:00:00.000Z');
  });

  test('a hold over a weekend and the holiday only counts the working time it took', () => {
    // Friday 16:30 to Tuesday 09:30: half an hour on Friday, half an hour on Tuesday.
    const end = endHold(berlin, hold('2026-11-27T15:30:00Z'), at('2026-12-01T08:30:00Z'));
    expect(end.pausedMinutes).toBe(60);
    expect(iso(end.resolveBy)).toBe('2026-12-02T16:00:00.000Z');
  });

  test('a hold entirely outside working hours moves nothing', () => {
    const end = endHold(berlin, hold('2026-11-28T10:00:00Z'), at('2026-11-30T16:00:00Z'));
    expect(end.pausedMinutes).toBe(0);
    expect(end.resolveBy).toBe(deadlines.resolveBy);
  });

  test('a deadline already passed when the hold began comes back unchanged: a breach stays a breach', () => {
    const end = endHold(berlin, hold('2026-12-03T10:00:00Z'), at('2026-12-04T10:00:00Z'));
    expect(end).toEqual({
      resolveBy: deadlines.resolveBy,
      resolveRiskAt: deadlines.resolveRiskAt,
      pausedMinutes: 0,
      wallMinutes: 24 * 60,
    });
  });

  test('a risk moment already behind the hold stays where it was; the deadline moves', () => {
    const end = endHold(berlin, hold('2026-12-02T13:00:00Z'), at('2026-12-02T14:00:00Z'));
    expect(end.resolveRiskAt).toBe(deadlines.resolveRiskAt);
    expect(iso(end.resolveBy)).toBe('2026-12-02T16:00:00.000Z');
  });

  test('no deadline set aside: nothing to move', () => {
    const end = endHold(
      berlin,
      { since: fridayFour, waitingResolveBy: null, resolveRiskAt: null },
      fridayFour + HOUR,
    );
    expect(end).toEqual({ resolveBy: null, resolveRiskAt: null, pausedMinutes: 0, wallMinutes: 60 });
  });

  test('workingMinutesLeft: the working minutes from the hold to the set-aside deadline', () => {
    expect(workingMinutesLeft(berlin, hold('2026-12-01T15:00:00Z'))).toBe(8 * 60);
    expect(
      workingMinutesLeft(berlin, { since: fridayFour, waitingResolveBy: null, resolveRiskAt: null }),
    ).toBeNull();
  });
});
