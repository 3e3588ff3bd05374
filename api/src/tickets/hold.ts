import type { TWaitingEndReason } from '@helpdesk/contracts';
import type { CalendarRules } from '../sla/business-time.ts';
import { endHold, type SlaClock, slaDeadlines } from '../sla/deadlines.ts';
import type { TicketEventData } from './queries.ts';

/**
 * A ticket's SLA columns and how its writes move them (docs/product.md#sla): deadlines set from
 * the matching policy, holds on the requester that set the resolution deadline aside and bring it
 * back moved by the working time they took. Pure; every instant in epoch milliseconds.
 */

export type SlaState = {
  policyId: string | null;
  responseBy: number | null;
  resolveBy: number | null;
  responseRiskAt: number | null;
  resolveRiskAt: number | null;
  pausedMinutes: number;
  waitingSince: number | null;
  waitingUntil: number | null;
  /** The resolution deadline set aside while the ticket waits. */
  waitingResolveBy: number | null;
};

/** The SLA columns as a ticket row reads them (ISO strings). */
export type SlaColumns = {
  slaPolicyId: string | null;
  slaResponseBy: string | null;
  slaResolveBy: string | null;
  slaResponseRiskAt: string | null;
  slaResolveRiskAt: string | null;
  slaPausedMinutes: number;
  waitingSince: string | null;
  waitingUntil: string | null;
  waitingResolveBy: string | null;
};

const msOf = (iso: string | null) => (iso === null ? null : Date.parse(iso));
const isoOf = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function slaStateOf(row: SlaColumns): SlaState {
  return {
    policyId: row.slaPolicyId,
    responseBy: msOf(row.slaResponseBy),
    resolveBy: msOf(row.slaResolveBy),
    responseRiskAt: msOf(row.slaResponseRiskAt),
    resolveRiskAt: msOf(row.slaResolveRiskAt),
    pausedMinutes: row.slaPausedMinutes,
    waitingSince: msOf(row.waitingSince),
    waitingUntil: msOf(row.waitingUntil),
    waitingResolveBy: msOf(row.waitingResolveBy),
  };
}

export function slaColumnsOf(state: SlaState): SlaColumns {
  return {
    slaPolicyId: state.policyId,
    slaResponseBy: isoOf(state.responseBy),
    slaResolveBy: isoOf(state.resolveBy),
    slaResponseRiskAt: isoOf(state.responseRiskAt),
    slaResolveRiskAt: isoOf(state.resolveRiskAt),
    slaPausedMinutes: state.pausedMinutes,
    waitingSince: isoOf(state.waitingSince),
    waitingUntil: isoOf(state.waitingUntil),
    waitingResolveBy: isoOf(state.waitingResolveBy),
  };
}

/** A new ticket's SLA state: deadlines from `clock` (null: no policy) counted from its creation. */
export function newSlaState(clock: SlaClock | null, createdMs: number): SlaState {
  const deadlines = slaDeadlines(clock, createdMs, 0);
  return {
    ...deadlines,
    pausedMinutes: 0,
    waitingSince: null,
    waitingUntil: null,
    waitingResolveBy: null,
  };
}

/**
 * The deadlines again after a new priority or team, from creation with the policy that matches
 * now and the minutes finished holds took. While the ticket waits the resolution deadline goes
 * aside (waitingResolveBy), as a hold keeps it.
 */
export function recomputedSla(state: SlaState, clock: SlaClock | null, createdMs: number): SlaState {
  const deadlines = slaDeadlines(clock, createdMs, state.pausedMinutes);
  const isWaiting = state.waitingSince !== null;
  return {
    ...state,
    ...deadlines,
    resolveBy: isWaiting ? null : deadlines.resolveBy,
    waitingResolveBy: isWaiting ? deadlines.resolveBy : null,
  };
}

/** A hold beginning at `now` (optionally until a date): the resolution deadline is set aside. */
export function startedHold(state: SlaState, now: number, until: number | null): SlaState {
  return {
    ...state,
    waitingSince: now,
    waitingUntil: until,
    waitingResolveBy: state.resolveBy,
    resolveBy: null,
  };
}

/** A hold ended at `endMs`, and what its waiting_ended event records. */
export function endedHold(
  state: SlaState,
  calendar: CalendarRules,
  endMs: number,
  reason: TWaitingEndReason,
): { state: SlaState; event: TicketEventData } {
  const since = state.waitingSince ?? endMs;
  const end = endHold(
    calendar,
    { since, waitingResolveBy: state.waitingResolveBy, resolveRiskAt: state.resolveRiskAt },
    endMs,
  );
  return {
    state: {
      ...state,
      resolveBy: end.resolveBy,
      resolveRiskAt: end.resolveRiskAt,
      pausedMinutes: state.pausedMinutes + end.pausedMinutes,
      waitingSince: null,
      waitingUntil: null,
      waitingResolveBy: null,
    },
    event: {
      since: new Date(since).toISOString(),
      reason,
      wallMinutes: end.wallMinutes,
      pausedMinutes: end.pausedMinutes,
      resolveBy: isoOf(end.resolveBy),
    },
  };
}
