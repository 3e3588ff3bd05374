import { SLA_AT_RISK_FRACTION } from '@helpdesk/contracts';
import { addWorkingTime, type CalendarRules, workingTimeBetween } from './business-time.ts';

/**
 * A ticket's SLA deadlines and at-risk moments, and how a hold on the requester moves them
 * (docs/product.md#sla). Pure: instants in, instants out; the calendar counting is business-time.ts's.
 */

const MINUTE_MS = 60_000;
/** The share of a target's working time used when it turns at risk. */
const RISK_SHARE = 1 - SLA_AT_RISK_FRACTION;

/** The policy a ticket's deadlines come from, with the calendar its clock counts in. */
export type SlaClock = {
  policyId: string;
  responseMinutes: number;
  resolutionMinutes: number;
  calendar: CalendarRules;
};

/** What a ticket stores of its targets; every instant in epoch milliseconds, null for none. */
export type SlaDeadlines = {
  policyId: string | null;
  responseBy: number | null;
  resolveBy: number | null;
  responseRiskAt: number | null;
  resolveRiskAt: number | null;
};

export const NO_DEADLINES: SlaDeadlines = {
  policyId: null,
  responseBy: null,
  resolveBy: null,
  responseRiskAt: null,
  resolveRiskAt: null,
};

/**
 * The deadlines of a ticket created at `createdMs` under `clock` (null: no policy applies), its
 * resolution target lengthened by the working minutes finished holds took. A calendar with no
 * working time ahead gives no deadline (and no risk moment) for that target.
 */
export function slaDeadlines(clock: SlaClock | null, createdMs: number, pausedMinutes: number): SlaDeadlines {
  if (clock === null) return NO_DEADLINES;
  const add = (ms: number) => addWorkingTime(clock.calendar, createdMs, ms);
  const pausedMs = pausedMinutes * MINUTE_MS;
  const responseBy = add(clock.responseMinutes * MINUTE_MS);
  const resolveBy = add(clock.resolutionMinutes * MINUTE_MS + pausedMs);
  return {
    policyId: clock.policyId,
    responseBy,
    resolveBy,
    responseRiskAt: responseBy === null ? null : add(RISK_SHARE * clock.responseMinutes * MINUTE_MS),
    resolveRiskAt:
      resolveBy === null ? null : add(RISK_SHARE * clock.resolutionMinutes * MINUTE_MS + pausedMs),
  };
}

/** A hold as the ticket stores it while it waits. */
export type Hold = {
  /** When the hold began. */
  since: number;
  /** The resolution deadline set aside when it began (null: none). */
  waitingResolveBy: number | null;
  /** The resolution target's at-risk moment (it stays stored while the ticket waits). */
  resolveRiskAt: number | null;
};

/** What ending a hold writes back, and what its waiting_ended event says. */
export type HoldEnd = {
  resolveBy: number | null;
  resolveRiskAt: number | null;
  /** Working minutes the deadline moved by, added to the ticket's paused minutes. */
  pausedMinutes: number;
  /** Wall-clock minutes the hold lasted. */
  wallMinutes: number;
};

/**
 * A hold ended at `endMs`: the deadline moves on by the working time the hold took, when it was
 * still ahead as the hold began; a deadline already passed then comes back as it was (a breach
 * stays a breach). The at-risk moment moves with it only when it too was still ahead.
 */
export function endHold(calendar: CalendarRules, hold: Hold, endMs: number): HoldEnd {
  const wallMinutes = Math.max(0, Math.floor((endMs - hold.since) / MINUTE_MS));
  const unchanged = {
    resolveBy: hold.waitingResolveBy,
    resolveRiskAt: hold.resolveRiskAt,
    pausedMinutes: 0,
    wallMinutes,
  };
  if (hold.waitingResolveBy === null || hold.waitingResolveBy <= hold.since) return unchanged;
  const workMs = workingTimeBetween(calendar, hold.since, endMs);
  const moved = (at: number) => addWorkingTime(calendar, at, workMs);
  return {
    resolveBy: moved(hold.waitingResolveBy),
    resolveRiskAt:
      hold.resolveRiskAt !== null && hold.resolveRiskAt > hold.since
        ? moved(hold.resolveRiskAt)
        : hold.resolveRiskAt,
    pausedMinutes: Math.floor(workMs / MINUTE_MS),
    wallMinutes,
  };
}

/** Working minutes that were left on the resolution target when the hold began (null: no deadline). */
export function workingMinutesLeft(calendar: CalendarRules, hold: Hold): number | null {
  if (hold.waitingResolveBy === null) return null;
  return Math.floor(workingTimeBetween(calendar, hold.since, hold.waitingResolveBy) / MINUTE_MS);
}
