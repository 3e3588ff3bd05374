import type {
  TSlaExplanation,
  TSlaTargetExplanation,
  TSlaTargetStatus,
  TTicketSlaStatus,
} from '@helpdesk/contracts';
import { slaTargetText, type TSlaTone } from './sla-text.ts';
import { formatDuration, formatMoment, type TViewerClock } from './sla-time.ts';

/** One target on the SLA card: its state (the spec texts), its deadline, and why it is in that state. */
export type TSlaTargetView = {
  target: 'Response' | 'Resolution';
  status: TSlaTargetStatus;
  isPaused: boolean;
  stateText: string;
  tone: TSlaTone;
  /** 'Due Tue 8 Dec, 12:00 (12:00 Berlin time)' while the target is open and its clock runs. */
  deadline: string | null;
  why: string | null;
};

/** What the SLA card says (docs/product.md#sla). */
export type TSlaCardView = {
  /** 'High priority · Office hours (Europe/Berlin)', 'Standard · Around the clock'; null without a policy. */
  policy: string | null;
  /** One entry per target that is set; none means 'No SLA targets set'. */
  targets: TSlaTargetView[];
  isWaiting: boolean;
  /** The time finished holds stopped the resolution clock, when there was any. */
  pausedText: string | null;
};

export const PAUSED_TEXT = 'paused';

const TONES: Record<TSlaTargetStatus, TSlaTone> = {
  on_track: 'ok',
  at_risk: 'warning',
  breached: 'danger',
  met: 'done',
  'n/a': 'done',
};

/** 'Office hours (Europe/Berlin)', or 'Around the clock' for a policy counting without a calendar. */
export function calendarText(calendar: TSlaExplanation['calendar']): string | null {
  if (!calendar) return null;
  if (calendar.id === null) return 'Around the clock';
  return calendar.isAroundTheClock
    ? `${calendar.name} (around the clock)`
    : `${calendar.name} (${calendar.timeZone})`;
}

/** The zone a ticket's deadlines are counted in, when it matters to say so (not around the clock). */
export function calendarZone(calendar: TSlaExplanation['calendar']): string | null {
  return calendar && calendar.id !== null && !calendar.isAroundTheClock ? calendar.timeZone : null;
}

type TTargetInput = {
  target: TSlaTargetView['target'];
  status: TSlaTargetStatus;
  minutesRemaining: number | null;
  explanation: TSlaTargetExplanation;
};

function doneText(target: TSlaTargetView['target'], explanation: TSlaTargetExplanation, at: string): string {
  const verb = target === 'Response' ? 'answered' : 'resolved';
  const deadline = explanation.deadline ? Date.parse(explanation.deadline) : Number.NaN;
  const done = explanation.doneAt ? Date.parse(explanation.doneAt) : Number.NaN;
  if (Number.isNaN(deadline) || Number.isNaN(done)) {
    return explanation.reason === 'done_late' ? `Missed: ${verb} ${at}` : `Met: ${verb} ${at}`;
  }
  const gap = Math.abs(deadline - done) / 60_000;
  const length = gap < 1 ? 'less than a minute' : formatDuration(gap, { days: true });
  return explanation.reason === 'done_late'
    ? `Missed: ${verb} ${at}, ${length} after the deadline`
    : `Met: ${verb} ${at}, ${length} before the deadline`;
}

function pausedWhy(
  waiting: TSlaExplanation['waiting'],
  minutesLeft: number | null,
  moment: (iso: string) => string,
) {
  // The moments carry their own brackets (the calendar's time), so the period is not bracketed.
  const period = waiting
    ? ` since ${moment(waiting.since)}${waiting.until ? ` until ${moment(waiting.until)}` : ''}`
    : '';
  const base = `Paused while waiting on the requester${period}`;
  if (minutesLeft === null) return base;
  if (minutesLeft <= 0) return `${base}; the deadline had already passed`;
  return `${base}; ${formatDuration(minutesLeft)} of working time left`;
}

function whyText(
  input: TTargetInput,
  waiting: TSlaExplanation['waiting'],
  moment: (iso: string) => string,
): string | null {
  const { explanation } = input;
  switch (explanation.reason) {
    case 'on_track':
      return explanation.atRiskAt
        ? `On track: at risk from ${moment(explanation.atRiskAt)}, when a quarter of its working time is left`
        : 'On track: more than a quarter of its working time is left';
    case 'at_risk':
      return 'At risk: less than a quarter of its working time is left';
    case 'deadline_passed':
      return explanation.deadline ? `Overdue since ${moment(explanation.deadline)}` : null;
    case 'done_in_time':
    case 'done_late':
      return explanation.doneAt ? doneText(input.target, explanation, moment(explanation.doneAt)) : null;
    case 'paused':
      return pausedWhy(waiting, explanation.workingMinutesLeft, moment);
    case 'no_policy':
      return null;
  }
}

function targetView(
  input: TTargetInput,
  waiting: TSlaExplanation['waiting'],
  moment: (iso: string) => string,
): TSlaTargetView | null {
  const { status, explanation } = input;
  if (status === 'n/a' && explanation.reason !== 'paused') return null;
  const isPaused = explanation.reason === 'paused';
  // A paused target has no time remaining; it was overdue already, or its clock simply stands still.
  const stateText =
    isPaused && status !== 'breached' ? PAUSED_TEXT : (slaTargetText(status, input.minutesRemaining) ?? '');
  const isOpen = explanation.reason === 'on_track' || explanation.reason === 'at_risk';
  return {
    target: input.target,
    status,
    isPaused,
    stateText,
    tone: isPaused && status !== 'breached' ? 'done' : TONES[status],
    deadline: isOpen && explanation.deadline ? `Due ${moment(explanation.deadline)}` : null,
    why: whyText(input, waiting, moment),
  };
}

/**
 * The SLA card of a ticket: the policy and its calendar, per target the spec's state text, its
 * deadline in the viewer's zone (and the calendar's), and why; holds and the time they paused.
 */
export function slaCardView(sla: TTicketSlaStatus, clock: TViewerClock): TSlaCardView {
  const { explanation } = sla;
  const zone = calendarZone(explanation.calendar);
  const moment = (iso: string) => formatMoment(iso, zone, clock);
  const targets = [
    {
      target: 'Response',
      status: sla.responseStatus,
      minutesRemaining: sla.responseTimeRemaining,
      explanation: explanation.response,
    },
    {
      target: 'Resolution',
      status: sla.resolutionStatus,
      minutesRemaining: sla.resolutionTimeRemaining,
      explanation: explanation.resolution,
    },
  ] as const;
  const calendar = calendarText(explanation.calendar);
  return {
    policy: explanation.policy ? [explanation.policy.name, calendar].filter(Boolean).join(' · ') : null,
    targets: targets.flatMap((input) => targetView(input, explanation.waiting, moment) ?? []),
    isWaiting: explanation.waiting !== null,
    pausedText:
      explanation.pausedMinutes > 0
        ? `Waited on the requester for ${formatDuration(explanation.pausedMinutes)} of working time; the resolution deadline moved by as much`
        : null,
  };
}
