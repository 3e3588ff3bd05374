import { describe, expect, test } from 'bun:test';
import { AROUND_THE_CLOCK } from '../sla/business-time.ts';
import { endedHold, newSlaState, recomputedSla, slaColumnsOf, slaStateOf, startedHold } from './hold.ts';

const HOUR = 3_600_000;
const created = Date.parse('2026-11-02T08:00:00.000Z');
const clock = (resolutionMinutes: number) => ({
  policyId: '00000000-0000-4000-8000-000000000001',
  responseMinutes: 60,
  resolutionMinutes,
  calendar: AROUND_THE_CLOCK,
});

describe('a ticket SLA state', () => {
  test('a hold sets the resolution deadline aside; ending it brings it back moved, and counts the minutes', () => {
    const filed = newSlaState(clock(480), created);
    const held = startedHold(filed, created + HOUR, created + 5 * HOUR);
    expect(held).toMatchObject({
      resolveBy: null,
      waitingResolveBy: created + 8 * HOUR,
      waitingSince: created + HOUR,
    });
    expect(held.responseBy).toBe(filed.responseBy);
    const { state, event } = endedHold(held, AROUND_THE_CLOCK, created + 3 * HOUR, 'resumed');
    expect(state).toMatchObject({
      resolveBy: created + 10 * HOUR,
      resolveRiskAt: created + 8 * HOUR,
      pausedMinutes: 120,
      waitingSince: null,
      waitingUntil: null,
      waitingResolveBy: null,
    });
    expect(event).toEqual({
      since: new Date(created + HOUR).toISOString(),
      reason: 'resumed',
      wallMinutes: 120,
      pausedMinutes: 120,
      resolveBy: new Date(created + 10 * HOUR).toISOString(),
    });
  });

  test('a recomputation keeps finished holds, and while waiting it goes to the set-aside deadline', () => {
    const afterHold = { ...newSlaState(clock(480), created), pausedMinutes: 120 };
    expect(recomputedSla(afterHold, clock(240), created).resolveBy).toBe(created + 6 * HOUR);
    const waiting = startedHold(afterHold, created + HOUR, null);
    const recomputed = recomputedSla(waiting, clock(240), created);
    expect(recomputed.resolveBy).toBeNull();
    expect(recomputed.waitingResolveBy).toBe(created + 6 * HOUR);
    expect(recomputed.waitingSince).toBe(created + HOUR);
    // No policy any more: no deadlines, the hold stays.
    expect(recomputedSla(waiting, null, created)).toMatchObject({
      responseBy: null,
      waitingResolveBy: null,
      policyId: null,
    });
  });

  test('columns and state convert both ways', () => {
    const state = startedHold(newSlaState(clock(480), created), created + HOUR, null);
    expect(slaStateOf(slaColumnsOf(state))).toEqual(state);
  });
});
