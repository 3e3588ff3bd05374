import { describe, expect, test } from 'bun:test';
import type { PolicyRow } from '../sla/queries.ts';
import type { TicketSlaRow } from './queries.ts';
import { slaStatusOf, slaTargetStatus, ticketSlaStatus } from './sla.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const created = Date.parse('2025-03-10T08:00:00.000Z');
const iso = (time: number) => new Date(time).toISOString();
const POLICY: PolicyRow = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'High',
  responseMinutes: 60,
  resolutionMinutes: 480,
  calendar: null,
};
/** An 8-hour target created at 08:00, due 16:00. */
const target = (doneAt: number | null = null) => ({
  createdAt: iso(created),
  deadline: iso(created + 8 * HOUR),
  doneAt: doneAt === null ? null : iso(doneAt),
});

describe('slaTargetStatus', () => {
  test('no deadline is n/a, whatever else is known', () => {
    expect(slaTargetStatus({ createdAt: iso(created), deadline: null, doneAt: null }, created)).toEqual({
      status: 'n/a',
      minutesRemaining: null,
    });
    expect(
      slaTargetStatus({ createdAt: iso(created), deadline: null, doneAt: iso(created + HOUR) }, created),
    ).toEqual({ status: 'n/a', minutesRemaining: null });
  });

  test('early in the window: on_track with whole minutes remaining, rounded down', () => {
    expect(slaTargetStatus(target(), created + HOUR + 30_000)).toEqual({
      status: 'on_track',
      minutesRemaining: 7 * 60 - 1,
    });
  });

  test('at_risk once less than a quarter of the window is left (2 h of 8 h)', () => {
    expect(slaTargetStatus(target(), created + 6 * HOUR).status).toBe('on_track');
    expect(slaTargetStatus(target(), created + 6 * HOUR + 1)).toEqual({
      status: 'at_risk',
      minutesRemaining: 119,
    });
    expect(slaTargetStatus(target(), created + 8 * HOUR - 1).status).toBe('at_risk');
  });

  test('breached from the deadline on, with negative minutes', () => {
    expect(slaTargetStatus(target(), created + 8 * HOUR)).toEqual({
      status: 'breached',
      minutesRemaining: 0,
    });
    expect(slaTargetStatus(target(), created + 9 * HOUR + 30 * MINUTE)).toEqual({
      status: 'breached',
      minutesRemaining: -90,
    });
  });

  test('done on time is met; done late stays breached; neither counts minutes', () => {
    expect(slaTargetStatus(target(created + 8 * HOUR), created + 20 * HOUR)).toEqual({
      status: 'met',
      minutesRemaining: null,
    });
    expect(slaTargetStatus(target(created + HOUR), created + 2 * HOUR)).toEqual({
      status: 'met',
      minutesRemaining: null,
    });
    expect(slaTargetStatus(target(created + 8 * HOUR + 1000), created + 9 * HOUR)).toEqual({
      status: 'breached',
      minutesRemaining: null,
    });
  });
});

describe('ticketSlaStatus', () => {
  test('response follows respondedAt, resolution follows resolvedAt', () => {
    const status = ticketSlaStatus(
      {
        createdAt: iso(created),
        slaResponseBy: iso(created + HOUR),
        slaResolveBy: iso(created + 4 * HOUR),
        respondedAt: iso(created + 30 * MINUTE),
        resolvedAt: null,
      },
      created + 3 * HOUR + 30 * MINUTE,
    );
    expect(status).toEqual({
      responseStatus: 'met',
      resolutionStatus: 'at_risk',
      responseTimeRemaining: null,
      resolutionTimeRemaining: 30,
    });
  });

  test('no policy: both n/a', () => {
    expect(
      ticketSlaStatus(
        {
          createdAt: iso(created),
          slaResponseBy: null,
          slaResolveBy: null,
          respondedAt: null,
          resolvedAt: null,
        },
        created,
      ),
    ).toEqual({
      responseStatus: 'n/a',
      resolutionStatus: 'n/a',
      responseTimeRemaining: null,
      resolutionTimeRemaining: null,
    });
  });
});

describe('stored at-risk moments', () => {
  test('at risk from the stored moment, whatever the wall-clock quarter says', () => {
    const early = { ...target(), riskAt: iso(created + HOUR) };
    expect(slaTargetStatus(early, created + HOUR - 1).status).toBe('on_track');
    expect(slaTargetStatus(early, created + HOUR).status).toBe('at_risk');
    const late = { ...target(), riskAt: iso(created + 7.5 * HOUR) };
    expect(slaTargetStatus(late, created + 7 * HOUR).status).toBe('on_track');
    expect(slaTargetStatus(late, created + 8 * HOUR).status).toBe('breached');
    // Without one: the old rule.
    expect(slaTargetStatus({ ...target(), riskAt: null }, created + 6 * HOUR + 1).status).toBe('at_risk');
  });
});

describe('slaStatusOf: the explanation', () => {
  const row = (more: Partial<TicketSlaRow> = {}): TicketSlaRow => ({
    createdAt: iso(created),
    slaPolicyId: POLICY.id,
    slaResponseBy: iso(created + HOUR),
    slaResolveBy: iso(created + 8 * HOUR),
    slaResponseRiskAt: iso(created + 45 * MINUTE),
    slaResolveRiskAt: iso(created + 6 * HOUR),
    slaPausedMinutes: 0,
    waitingSince: null,
    waitingUntil: null,
    waitingResolveBy: null,
    respondedAt: null,
    resolvedAt: null,
    policy: POLICY,
    ...more,
  });

  test('reasons, deadlines and at-risk moments per target; the policy and its calendar', () => {
    const status = slaStatusOf(row({ respondedAt: iso(created + 2 * HOUR) }), created + 7 * HOUR);
    expect(status.responseStatus).toBe('breached');
    expect(status.resolutionStatus).toBe('at_risk');
    expect(status.explanation).toEqual({
      policy: { id: POLICY.id, name: 'High' },
      calendar: { id: null, name: 'Around the clock', timeZone: 'UTC', isAroundTheClock: true },
      response: {
        reason: 'done_late',
        deadline: iso(created + HOUR),
        atRiskAt: null,
        doneAt: iso(created + 2 * HOUR),
        workingMinutesLeft: null,
      },
      resolution: {
        reason: 'at_risk',
        deadline: iso(created + 8 * HOUR),
        atRiskAt: iso(created + 6 * HOUR),
        doneAt: null,
        workingMinutesLeft: null,
      },
      waiting: null,
      pausedMinutes: 0,
    });
  });

  test('while waiting: the state when the hold began, no deadline, no minutes counting, the working minutes left', () => {
    const since = created + 7 * HOUR;
    const held = row({
      slaResolveBy: null,
      waitingResolveBy: iso(created + 8 * HOUR),
      waitingSince: iso(since),
      waitingUntil: iso(since + 24 * HOUR),
    });
    const status = slaStatusOf(held, since + 30 * HOUR);
    expect(status.resolutionStatus).toBe('at_risk');
    expect(status.resolutionTimeRemaining).toBeNull();
    expect(status.explanation.resolution).toEqual({
      reason: 'paused',
      deadline: null,
      atRiskAt: null,
      doneAt: null,
      workingMinutesLeft: 60,
    });
    expect(status.explanation.waiting).toEqual({ since: iso(since), until: iso(since + 24 * HOUR) });
    // Already overdue when the hold began: breached while it waits.
    const overdue = row({
      slaResolveBy: null,
      waitingResolveBy: iso(created + 8 * HOUR),
      waitingSince: iso(created + 9 * HOUR),
    });
    expect(slaStatusOf(overdue, created + 10 * HOUR).resolutionStatus).toBe('breached');
  });

  test('no policy: no calendar, both targets no_policy; a stored deadline without a risk moment gets the old one', () => {
    const none = slaStatusOf(
      row({
        policy: null,
        slaPolicyId: null,
        slaResponseBy: null,
        slaResolveBy: null,
        slaResponseRiskAt: null,
        slaResolveRiskAt: null,
      }),
      created,
    );
    expect(none.explanation.calendar).toBeNull();
    expect([none.explanation.response.reason, none.explanation.resolution.reason]).toEqual([
      'no_policy',
      'no_policy',
    ]);
    const legacy = slaStatusOf(row({ slaResolveRiskAt: null }), created);
    expect(legacy.explanation.resolution.atRiskAt).toBe(iso(created + 6 * HOUR));
  });
});
