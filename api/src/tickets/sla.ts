import {
  SLA_AT_RISK_FRACTION,
  type TSlaExplanation,
  type TSlaReason,
  type TSlaTargetStatus,
  type TTicketSlaStatus,
} from '@helpdesk/contracts';

/** One SLA target of a ticket: when it is due, and when (if ever) it was met. ISO strings or null. */
export type SlaTarget = { createdAt: string; deadline: string | null; doneAt: string | null };

/** The timing columns of a ticket that its SLA status is computed from. */
export type TicketSlaTimes = {
  createdAt: string;
  slaResponseBy: string | null;
  slaResolveBy: string | null;
  respondedAt: string | null;
  resolvedAt: string | null;
};

const MINUTE_MS = 60_000;

/**
 * The status of one SLA target at `now` (docs/product.md#sla). The rule:
 * - no deadline: 'n/a' (no active policy for the priority when the ticket was created);
 * - done (first response given, or resolved): 'met' when done at or before the deadline,
 *   'breached' when done after it; the clock has stopped, so no minutes remain (null);
 * - not done and the deadline has come: 'breached';
 * - not done, less than a quarter (SLA_AT_RISK_FRACTION) of the window from creation to the
 *   deadline left: 'at_risk';
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
  const windowMs = deadline - Date.parse(target.createdAt);
  if (remainingMs < windowMs * SLA_AT_RISK_FRACTION) return { status: 'at_risk', minutesRemaining };
  return { status: 'on_track', minutesRemaining };
}

/** Both targets of a ticket: first response (respondedAt) and resolution (resolvedAt). */
export function ticketSlaStatus(ticket: TicketSlaTimes, now: number): Omit<TTicketSlaStatus, 'explanation'> {
  const response = slaTargetStatus(
    { createdAt: ticket.createdAt, deadline: ticket.slaResponseBy, doneAt: ticket.respondedAt },
    now,
  );
  const resolution = slaTargetStatus(
    { createdAt: ticket.createdAt, deadline: ticket.slaResolveBy, doneAt: ticket.resolvedAt },
    now,
  );
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

/** The explanation the stored deadlines alone can give (no policy or calendar is read). */
export function deadlineExplanation(
  ticket: TicketSlaTimes,
  status: Omit<TTicketSlaStatus, 'explanation'>,
): TSlaExplanation {
  const target = (s: TSlaTargetStatus, deadline: string | null, doneAt: string | null) => ({
    reason: s === 'breached' && doneAt !== null ? 'done_late' : REASONS[s],
    deadline,
    atRiskAt: null,
    doneAt,
    workingMinutesLeft: null,
  });
  return {
    policy: null,
    calendar: null,
    response: target(status.responseStatus, ticket.slaResponseBy, ticket.respondedAt),
    resolution: target(status.resolutionStatus, ticket.slaResolveBy, ticket.resolvedAt),
    waiting: null,
    pausedMinutes: 0,
  };
}
