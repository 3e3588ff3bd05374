import { SLA_AT_RISK_FRACTION, type TSlaTargetStatus, type TTicketSummary } from '@helpdesk/contracts';
import { formatDetailDate, formatRemainingMinutes } from '@helpdesk/shared-ui';
import { slaEnglish, type TSlaT } from './messages.ts';

/** How a target reads at a glance: drives the colour of its text. */
export type TSlaTone = 'ok' | 'warning' | 'danger' | 'done';

export const NO_SLA_TARGETS_TEXT = slaEnglish('sla.noTargets');

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
export function slaTargetText(
  status: TSlaTargetStatus,
  minutesRemaining: number | null,
  t: TSlaT = slaEnglish,
): string | null {
  switch (status) {
    case 'on_track':
      return t('sla.dueIn', { time: formatRemainingMinutes(minutesRemaining ?? 0) });
    case 'at_risk':
      return t('sla.dueSoon', { time: formatRemainingMinutes(minutesRemaining ?? 0) });
    case 'breached':
      return t('sla.overdue');
    case 'met':
      return t('sla.targetMet');
    case 'n/a':
      return null;
  }
}

/** What the Details card shows before the SLA status has loaded: 'Resolve by {date}', or nothing. */
export function resolveByText(slaResolveBy: string | null, t: TSlaT = slaEnglish): string | null {
  if (!slaResolveBy) return null;
  const date = formatDetailDate(slaResolveBy);
  return date ? t('sla.resolveBy', { date }) : null;
}

type TOpenTargetState = 'on_track' | 'at_risk' | 'breached';

/** The API's rule: at risk from the stored risk moment; without one, under a quarter of the window left. */
function openTargetState(createdAt: number, deadline: number, riskAt: number, now: number): TOpenTargetState {
  const remaining = deadline - now;
  if (remaining <= 0) return 'breached';
  if (!Number.isNaN(riskAt)) return now >= riskAt ? 'at_risk' : 'on_track';
  return remaining < (deadline - createdAt) * SLA_AT_RISK_FRACTION ? 'at_risk' : 'on_track';
}

const URGENCY: Record<TOpenTargetState, number> = { breached: 0, at_risk: 1, on_track: 2 };

export type TSlaHint = { text: string; tone: TSlaTone };

export const WAITING_ON_REQUESTER_TEXT = slaEnglish('sla.waiting');

const parsed = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);

/**
 * The list's SLA hint for an open ticket: its most pressing open target ('Response due soon (2h 5m)',
 * 'Resolution overdue'), at risk from the row's stored risk moments. A ticket waiting on its
 * requester says so, unless its first response (whose clock never stops) is at risk or overdue.
 * Null for finished tickets and tickets without a pending deadline. Computed from the list row with
 * the API's rule, so the list needs no call per ticket.
 */
export function listSlaHint(
  ticket: Pick<
    TTicketSummary,
    'status' | 'createdAt' | 'slaResponseBy' | 'slaResolveBy' | 'respondedAt' | 'resolvedAt'
  > &
    Partial<Pick<TTicketSummary, 'slaResponseRiskAt' | 'slaResolveRiskAt' | 'waitingSince'>>,
  now: Date = new Date(),
  t: TSlaT = slaEnglish,
): TSlaHint | null {
  if (ticket.status !== 'new' && ticket.status !== 'in_progress') return null;
  const created = Date.parse(ticket.createdAt);
  if (Number.isNaN(created)) return null;
  const pending = (
    [
      {
        target: 'sla.responseHint',
        deadline: ticket.respondedAt ? null : ticket.slaResponseBy,
        riskAt: ticket.slaResponseRiskAt,
      },
      {
        target: 'sla.resolutionHint',
        deadline: ticket.resolvedAt ? null : ticket.slaResolveBy,
        riskAt: ticket.slaResolveRiskAt,
      },
    ] as const
  ).flatMap(({ target, deadline, riskAt }) => {
    const at = parsed(deadline);
    if (Number.isNaN(at)) return [];
    return [{ target, at, state: openTargetState(created, at, parsed(riskAt), now.getTime()) }];
  });
  pending.sort((a, b) => URGENCY[a.state] - URGENCY[b.state] || a.at - b.at);
  const first = pending[0];
  const isWaiting = Boolean(ticket.waitingSince);
  if (isWaiting && (!first || first.state === 'on_track')) {
    return { text: t('sla.waiting'), tone: 'ok' };
  }
  if (!first) return null;
  const minutes = Math.floor((first.at - now.getTime()) / 60_000);
  const text = slaTargetText(first.state, minutes, t);
  return text ? { text: t(first.target, { state: text }), tone: TONES[first.state] } : null;
}
