import { describe, expect, test } from 'bun:test';
import type { TSlaExplanation } from '@helpdesk/contracts';
import { calendarText, slaCardView } from './sla-explanation.ts';
import { slaExplanation, slaStatus } from './sla-status-fixture.ts';

const BERLIN = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Office hours',
  timeZone: 'Europe/Berlin',
  isAroundTheClock: false,
};
const AROUND_THE_CLOCK = { id: null, name: 'Around the clock', timeZone: 'UTC', isAroundTheClock: true };
const POLICY = { id: '00000000-0000-4000-8000-000000000002', name: 'High priority' };
const clock = { viewerZone: 'Europe/London', now: new Date('2026-12-07T09:00:00.000Z') };

const target = (overrides: Partial<TSlaExplanation['response']>): TSlaExplanation['response'] => ({
  reason: 'on_track',
  deadline: null,
  atRiskAt: null,
  doneAt: null,
  workingMinutesLeft: null,
  ...overrides,
});

/** A ticket around the clock whose resolution target is breached (late, or overdue when its hold began). */
const breachedResolution = (explanation: Partial<TSlaExplanation>) =>
  slaCardView(
    slaStatus({
      resolutionStatus: 'breached',
      explanation: slaExplanation({ policy: POLICY, calendar: AROUND_THE_CLOCK, ...explanation }),
    }),
    clock,
  );

describe('calendarText', () => {
  test('names the calendar with its zone, or says around the clock', () => {
    expect(calendarText(BERLIN)).toBe('Office hours (Europe/Berlin)');
    expect(calendarText(AROUND_THE_CLOCK)).toBe('Around the clock');
    expect(calendarText({ ...BERLIN, isAroundTheClock: true })).toBe('Office hours (around the clock)');
    expect(calendarText(null)).toBeNull();
  });
});

describe('slaCardView', () => {
  test('without a policy there are no targets and no policy line', () => {
    const view = slaCardView(slaStatus(), clock);
    expect(view).toEqual({ policy: null, targets: [], isWaiting: false, pausedText: null });
  });

  test('names the policy and the calendar; open targets say when they are due and why', () => {
    const view = slaCardView(
      slaStatus({
        responseStatus: 'at_risk',
        responseTimeRemaining: 45,
        resolutionStatus: 'on_track',
        resolutionTimeRemaining: 600,
        explanation: slaExplanation({
          policy: POLICY,
          calendar: BERLIN,
          response: target({ reason: 'at_risk', deadline: '2026-12-07T10:00:00.000Z' }),
          resolution: target({
            reason: 'on_track',
            deadline: '2026-12-08T11:00:00.000Z',
            atRiskAt: '2026-12-08T09:00:00.000Z',
          }),
        }),
      }),
      clock,
    );
    expect(view.policy).toBe('High priority · Office hours (Europe/Berlin)');
    expect(view.targets).toEqual([
      {
        target: 'Response',
        status: 'at_risk',
        isPaused: false,
        stateText: 'due soon (0h 45m)',
        tone: 'warning',
        deadline: 'Due Mon 7 Dec, 10:00 (11:00 Berlin time)',
        why: 'At risk: less than a quarter of its working time is left',
      },
      {
        target: 'Resolution',
        status: 'on_track',
        isPaused: false,
        stateText: 'due in 10h 0m',
        tone: 'ok',
        deadline: 'Due Tue 8 Dec, 11:00 (12:00 Berlin time)',
        why: 'On track: at risk from Tue 8 Dec, 09:00 (10:00 Berlin time), when a quarter of its working time is left',
      },
    ]);
  });

  test('around the clock: no second zone; overdue and met say since when and by how much', () => {
    const view = slaCardView(
      slaStatus({
        responseStatus: 'met',
        resolutionStatus: 'breached',
        resolutionTimeRemaining: -90,
        explanation: slaExplanation({
          policy: POLICY,
          calendar: AROUND_THE_CLOCK,
          response: target({
            reason: 'done_in_time',
            deadline: '2026-12-07T12:00:00.000Z',
            doneAt: '2026-12-07T10:15:00.000Z',
          }),
          resolution: target({ reason: 'deadline_passed', deadline: '2026-12-07T07:30:00.000Z' }),
        }),
      }),
      clock,
    );
    expect(view.policy).toBe('High priority · Around the clock');
    expect(
      view.targets.map(({ stateText, tone, deadline, why }) => ({ stateText, tone, deadline, why })),
    ).toEqual([
      {
        stateText: 'target met',
        tone: 'done',
        deadline: null,
        why: 'Met: answered Mon 7 Dec, 10:15, 1 h 45 m before the deadline',
      },
      { stateText: 'overdue', tone: 'danger', deadline: null, why: 'Overdue since Mon 7 Dec, 07:30' },
    ]);
  });

  test('a target done late says how late', () => {
    const view = breachedResolution({
      resolution: target({
        reason: 'done_late',
        deadline: '2026-12-03T12:00:00.000Z',
        doneAt: '2026-12-06T13:00:00.000Z',
      }),
    });
    expect(view.targets[0]?.why).toBe('Missed: resolved Sun 6 Dec, 13:00, 3 d 1 h after the deadline');
  });

  test('while waiting: the resolution target is paused with its working time left, and earlier holds are counted', () => {
    const view = slaCardView(
      slaStatus({
        responseStatus: 'met',
        resolutionStatus: 'on_track',
        resolutionTimeRemaining: null,
        explanation: slaExplanation({
          policy: POLICY,
          calendar: BERLIN,
          response: target({
            reason: 'done_in_time',
            deadline: '2026-12-07T12:00:00.000Z',
            doneAt: '2026-12-07T08:00:00.000Z',
          }),
          resolution: target({ reason: 'paused', workingMinutesLeft: 200 }),
          waiting: { since: '2026-12-07T08:30:00.000Z', until: '2026-12-09T08:00:00.000Z' },
          pausedMinutes: 120,
        }),
      }),
      clock,
    );
    expect(view.isWaiting).toBe(true);
    const resolution = view.targets[1];
    expect(resolution?.isPaused).toBe(true);
    expect(resolution?.stateText).toBe('paused');
    expect(resolution?.deadline).toBeNull();
    expect(resolution?.why).toBe(
      'Paused while waiting on the requester since Mon 7 Dec, 08:30 (09:30 Berlin time) until Wed 9 Dec, 08:00 (09:00 Berlin time); 3 h 20 m of working time left',
    );
    expect(view.pausedText).toBe(
      'Waited on the requester for 2 h of working time; the resolution deadline moved by as much',
    );
  });

  test('a hold on an overdue ticket stays overdue', () => {
    const view = breachedResolution({
      resolution: target({ reason: 'paused', workingMinutesLeft: 0 }),
      waiting: { since: '2026-12-07T08:30:00.000Z', until: null },
    });
    expect(view.targets[0]).toMatchObject({
      stateText: 'overdue',
      tone: 'danger',
      why: 'Paused while waiting on the requester since Mon 7 Dec, 08:30; the deadline had already passed',
    });
  });
});
