import {
  SLA_AT_RISK_FRACTION,
  type TSlaTargetStatus,
  type TTicketSlaStatus,
  type TTicketSummary,
} from '@helpdesk/contracts';
import { formatDetailDate, formatRemainingMinutes } from '@helpdesk/shared-ui';

/** How a target reads at a glance: drives the colour of its text. */
export type TSlaTone = 'ok' | 'warning' | 'danger' | 'done';

export type TSlaLine = {
  target: 'Response' | 'Resolution';
  status: TSlaTargetStatus;
  text: string;
  tone: TSlaTone;
};

export const NO_SLA_TARGETS_TEXT = 'No SLA targets set';

const TONES: Record<Exclude<TSlaTargetStatus, 'n/a'>, TSlaTone> = {
  on_track: 'ok',
  at_risk: 'warning',
  breached: 'danger',
  met: 'done',
};

/**
 * The text for one target (docs/product.md#sla): 'due in {time}', 'due soon ({time})', 'overdue',
 * 'target met'; null for a target that is not set (n/a).
 */
export function slaTargetText(status: TSlaTargetStatus, minutesRemaining: number | null): string | null {
  switch (status) {
    case 'on_track':
      return `due in ${formatRemainingMinutes(minutesRemaining ?? 0)}`;
    case 'at_risk':
      return `due soon (${formatRemainingMinutes(minutesRemaining ?? 0)})`;
    case 'breached':
      return 'overdue';
    case 'met':
      return 'target met';
    case 'n/a':
      return null;
  }
}

/** The Details card's SLA lines, one per target that is set; empty when both are n/a. */
export function slaLines(sla: TTicketSlaStatus): TSlaLine[] {
  const targets = [
    { target: 'Response', status: sla.responseStatus, minutes: sla.responseTimeRemaining },
    { target: 'Resolution', status: sla.resolutionStatus, minutes: sla.resolutionTimeRemaining },
  ] as const;
  return targets.flatMap(({ target, status, minutes }) => {
    const text = slaTargetText(status, minutes);
    return text === null || status === 'n/a' ? [] : [{ target, status, text, tone: TONES[status] }];
  });
}

/** What the Details card shows before the SLA status has loaded: 'Resolve by {date}', or nothing. */
export function resolveByText(slaResolveBy: string | null): string | null {
  if (!slaResolveBy) return null;
  const date = formatDetailDate(slaResolveBy);
  return date ? `Resolve by ${date}` : null;
}

type TOpenTargetState = 'on_track' | 'at_risk' | 'breached';

function openTargetState(createdAt: number, deadline: number, now: number): TOpenTargetState {
  const remaining = deadline - now;
  if (remaining <= 0) return 'breached';
  return remaining < (deadline - createdAt) * SLA_AT_RISK_FRACTION ? 'at_risk' : 'on_track';
}

const URGENCY: Record<TOpenTargetState, number> = { breached: 0, at_risk: 1, on_track: 2 };

export type TSlaHint = { text: string; tone: TSlaTone };

/**
 * The list's SLA hint for an open ticket: its most pressing open target ('Response due soon (2h 5m)',
 * 'Resolution overdue'). Null for finished tickets and tickets without a pending deadline. Computed
 * from the list row with the API's rule, so the list needs no call per ticket.
 */
export function listSlaHint(
  ticket: Pick<
    TTicketSummary,
    'status' | 'createdAt' | 'slaResponseBy' | 'slaResolveBy' | 'respondedAt' | 'resolvedAt'
  >,
  now: Date = new Date(),
): TSlaHint | null {
  if (ticket.status !== 'new' && ticket.status !== 'in_progress') return null;
  const created = Date.parse(ticket.createdAt);
  if (Number.isNaN(created)) return null;
  const pending = [
    { target: 'Response', deadline: ticket.respondedAt ? null : ticket.slaResponseBy },
    { target: 'Resolution', deadline: ticket.resolvedAt ? null : ticket.slaResolveBy },
  ].flatMap(({ target, deadline }) => {
    const at = deadline ? Date.parse(deadline) : Number.NaN;
    return Number.isNaN(at) ? [] : [{ target, at, state: openTargetState(created, at, now.getTime()) }];
  });
  pending.sort((a, b) => URGENCY[a.state] - URGENCY[b.state] || a.at - b.at);
  const first = pending[0];
  if (!first) return null;
  const minutes = Math.floor((first.at - now.getTime()) / 60_000);
  const text = slaTargetText(first.state, minutes);
  return text ? { text: `${first.target} ${text}`, tone: TONES[first.state] } : null;
}
