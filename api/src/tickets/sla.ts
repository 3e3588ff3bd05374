import {
  SLA_AT_RISK_FRACTION,
  type TSlaReason,
  type TSlaTargetExplanation,
  type TSlaTargetStatus,
  type TTicketSlaStatus,
} from '@helpdesk/contracts';
import { workingMinutesLeft } from '../sla/deadlines.ts';
import { calendarOf, explainedCalendar } from '../sla/policy-match.ts';
import type { TicketSlaRow } from './queries.ts';

/**
 * One SLA target of a ticket: when it is due, when it turns at risk (stored with the deadline;
 * absent or null falls back to the wall-clock rule), and when (if ever) it was met. ISO strings or null.
 */
export type SlaTarget = {
  createdAt: string;
  deadline: string | null;
  doneAt: string | null;
  riskAt?: string | null;
};

/** The four fields of a ticket's SLA status, without its explanation. */
export type SlaStatusFields = Omit<TTicketSlaStatus, 'explanation'>;

/** The timing columns of a ticket that its SLA status is computed from. */
export type TicketSlaTimes = {
  createdAt: string;
  slaResponseBy: string | null;
  slaResolveBy: string | null;
  respondedAt: string | null;
  resolvedAt: string | null;
  slaResponseRiskAt?: string | null;
  slaResolveRiskAt?: string | null;
};

const MINUTE_MS = 60_000;

/**
 * The status of one SLA target at `now` (docs/product.md#sla). The rule:
 * - no deadline: 'n/a' (no active policy for the priority when the ticket was created);
 * - done (first response given, or resolved): 'met' when done at or before the deadline,
 *   'breached' when done after it; the clock has stopped, so no minutes remain (null);
 * - not done and the deadline has come: 'breached';
 * - not done, from its at-risk moment on (three quarters of its working time used): 'at_risk';
 *   without a stored moment, less than a quarter (SLA_AT_RISK_FRACTION) of the window from
 *   creation to the deadline left;
 * - otherwise 'on_track'.
 * Minutes remaining are floor((deadline - now) / 1 minute) while not done: negative once overdue.
 */
export function slaTargetStatus(
  target: SlaTarget,
  now: number,
): { status: TSlaTargetStatus; minutesRemaining: number | null } {
  if (target.deadline === null) return { status: 'n/a', minutesRemaining: null };
  const deadline = Date.parse(target.deadline);
  if (target.doneAt !== null) {
    return { status: Date.parse(target.doneAt) <= deadline ? 'met' : 'breached', minutesRemaining: null };
  }
  const remainingMs = deadline - now;
  const minutesRemaining = Math.floor(remainingMs / MINUTE_MS);
  if (remainingMs <= 0) return { status: 'breached', minutesRemaining };
  if (target.riskAt) {
    return { status: now >= Date.parse(target.riskAt) ? 'at_risk' : 'on_track', minutesRemaining };
  }
  const windowMs = deadline - Date.parse(target.createdAt);
  if (remainingMs < windowMs * SLA_AT_RISK_FRACTION) return { status: 'at_risk', minutesRemaining };
  return { status: 'on_track', minutesRemaining };
}

/** A ticket's first-response target. */
export const responseTarget = (ticket: TicketSlaTimes): SlaTarget => ({
  createdAt: ticket.createdAt,
  deadline: ticket.slaResponseBy,
  doneAt: ticket.respondedAt,
  riskAt: ticket.slaResponseRiskAt ?? null,
});

/** A ticket's resolution target. */
export const resolutionTarget = (ticket: TicketSlaTimes): SlaTarget => ({
  createdAt: ticket.createdAt,
  deadline: ticket.slaResolveBy,
  doneAt: ticket.resolvedAt,
  riskAt: ticket.slaResolveRiskAt ?? null,
});

/** Both targets of a ticket: first response (respondedAt) and resolution (resolvedAt). */
export function ticketSlaStatus(ticket: TicketSlaTimes, now: number): SlaStatusFields {
  const response = slaTargetStatus(responseTarget(ticket), now);
  const resolution = slaTargetStatus(resolutionTarget(ticket), now);
  return {
    responseStatus: response.status,
    resolutionStatus: resolution.status,
    responseTimeRemaining: response.minutesRemaining,
    resolutionTimeRemaining: resolution.minutesRemaining,
  };
}

const REASONS: Record<TSlaTargetStatus, TSlaReason> = {
  'n/a': 'no_policy',
  on_track: 'on_track',
  at_risk: 'at_risk',
  breached: 'deadline_passed',
  met: 'done_in_time',
};

/** When a target turns at risk: its stored moment, or the wall-clock rule's for a target without one. */
function atRiskAt(target: SlaTarget): string | null {
  if (target.deadline === null) return null;
  if (target.riskAt) return target.riskAt;
  const deadline = Date.parse(target.deadline);
  const windowMs = deadline - Date.parse(target.createdAt);
  return new Date(Math.floor(deadline - windowMs * SLA_AT_RISK_FRACTION)).toISOString();
}

function explainTarget(target: SlaTarget, status: TSlaTargetStatus): TSlaTargetExplanation {
  const isDoneLate = status === 'breached' && target.doneAt !== null;
  return {
    reason: isDoneLate ? 'done_late' : REASONS[status],
    deadline: target.deadline,
    atRiskAt: target.doneAt === null ? atRiskAt(target) : null,
    doneAt: target.doneAt,
    workingMinutesLeft: null,
  };
}

/**
 * A ticket's SLA status at `now` with its explanation (docs/product.md#sla). While it waits on the
 * requester, the resolution target keeps the status it had when the hold began, counts no minutes
 * and has no deadline: the working minutes that were left then are what it will have on resume.
 */
export function slaStatusOf(row: TicketSlaRow, now: number): TTicketSlaStatus {
  const fields = ticketSlaStatus(row, now);
  const response = explainTarget(responseTarget(row), fields.responseStatus);
  let resolution = explainTarget(resolutionTarget(row), fields.resolutionStatus);
  let { resolutionStatus, resolutionTimeRemaining } = fields;
  if (row.waitingSince !== null) {
    const since = Date.parse(row.waitingSince);
    const setAside = { ...resolutionTarget(row), deadline: row.waitingResolveBy };
    resolutionStatus = slaTargetStatus(setAside, since).status;
    resolutionTimeRemaining = null;
    const hold = {
      since,
      waitingResolveBy: row.waitingResolveBy === null ? null : Date.parse(row.waitingResolveBy),
      resolveRiskAt: null,
    };
    resolution = {
      reason: row.waitingResolveBy === null ? 'no_policy' : 'paused',
      deadline: null,
      atRiskAt: null,
      doneAt: null,
      workingMinutesLeft: workingMinutesLeft(calendarOf(row.policy), hold),
    };
  }
  return {
    ...fields,
    resolutionStatus,
    resolutionTimeRemaining,
    explanation: {
      policy: row.policy === null ? null : { id: row.policy.id, name: row.policy.name },
      calendar: explainedCalendar(row.policy),
      response,
      resolution,
      waiting: row.waitingSince === null ? null : { since: row.waitingSince, until: row.waitingUntil },
      pausedMinutes: row.slaPausedMinutes,
    },
  };
}
