import { describe, expect, test } from 'bun:test';
import { slaTargetStatus, ticketSlaStatus } from './sla.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const created = Date.parse('2025-03-10T08:00:00.000Z');
const iso = (time: number) => new Date(time).toISOString();
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
