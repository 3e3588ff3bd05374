import type {
  TSlaExplanation,
  TSlaTargetExplanation,
  TSlaTargetStatus,
  TTicketSlaStatus,
} from '@helpdesk/contracts';
import type { TLocale } from '@helpdesk/shared-ui/i18n';
import { type TTicketDetailT, ticketDetailEnglish } from '../ticket-detail/messages.ts';
import { slaEnglish, type TSlaT } from './messages.ts';
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

const TONES: Record<TSlaTargetStatus, TSlaTone> = {
  on_track: 'ok',
  at_risk: 'warning',
  breached: 'danger',
  met: 'done',
  'n/a': 'done',
};

/** 'Office hours (Europe/Berlin)', or 'Around the clock' for a policy counting without a calendar. */
export function calendarText(
  calendar: TSlaExplanation['calendar'],
  t: TTicketDetailT = ticketDetailEnglish,
): string | null {
  if (!calendar) return null;
  if (calendar.id === null) return t('ticketDetail.slaAroundTheClock');
  return calendar.isAroundTheClock
    ? t('ticketDetail.slaCalendarAroundTheClock', { name: calendar.name })
    : t('ticketDetail.slaCalendarZone', { name: calendar.name, zone: calendar.timeZone });
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

function doneText(
  target: TSlaTargetView['target'],
  explanation: TSlaTargetExplanation,
  at: string,
  t: TTicketDetailT,
  locale: TLocale | undefined,
): string {
  const which = target === 'Response' ? 'response' : 'resolution';
  const isLate = explanation.reason === 'done_late';
  const deadline = explanation.deadline ? Date.parse(explanation.deadline) : Number.NaN;
  const done = explanation.doneAt ? Date.parse(explanation.doneAt) : Number.NaN;
  if (Number.isNaN(deadline) || Number.isNaN(done)) {
    return t(isLate ? 'ticketDetail.slaMissed' : 'ticketDetail.slaMet', { target: which, at });
  }
  const gap = Math.abs(deadline - done) / 60_000;
  const length = gap < 1 ? t('ticketDetail.slaLessThanMinute') : formatDuration(gap, { days: true, locale });
  return t(isLate ? 'ticketDetail.slaMissedBy' : 'ticketDetail.slaMetBy', { target: which, at, length });
}

function pausedWhy(
  waiting: TSlaExplanation['waiting'],
  minutesLeft: number | null,
  moment: (iso: string) => string,
  t: TTicketDetailT,
  locale: TLocale | undefined,
) {
  // The moments carry their own brackets (the calendar's time), so the period is not bracketed.
  let paused = t('ticketDetail.slaPausedWhy');
  if (waiting?.until) {
    paused = t('ticketDetail.slaPausedSinceUntil', {
      since: moment(waiting.since),
      until: moment(waiting.until),
    });
  } else if (waiting) paused = t('ticketDetail.slaPausedSince', { since: moment(waiting.since) });
  if (minutesLeft === null) return paused;
  if (minutesLeft <= 0) return t('ticketDetail.slaPausedPassed', { paused });
  return t('ticketDetail.slaPausedLeft', { paused, time: formatDuration(minutesLeft, { locale }) });
}

function whyText(
  input: TTargetInput,
  waiting: TSlaExplanation['waiting'],
  moment: (iso: string) => string,
  t: TTicketDetailT,
  locale: TLocale | undefined,
): string | null {
  const { explanation } = input;
  switch (explanation.reason) {
    case 'on_track':
      return explanation.atRiskAt
        ? t('ticketDetail.slaOnTrackRisk', { at: moment(explanation.atRiskAt) })
        : t('ticketDetail.slaOnTrack');
    case 'at_risk':
      return t('ticketDetail.slaAtRisk');
    case 'deadline_passed':
      return explanation.deadline
        ? t('ticketDetail.slaOverdueSince', { at: moment(explanation.deadline) })
        : null;
    case 'done_in_time':
    case 'done_late':
      return explanation.doneAt
        ? doneText(input.target, explanation, moment(explanation.doneAt), t, locale)
        : null;
    case 'paused':
      return pausedWhy(waiting, explanation.workingMinutesLeft, moment, t, locale);
    case 'no_policy':
      return null;
  }
}

function targetView(
  input: TTargetInput,
  waiting: TSlaExplanation['waiting'],
  moment: (iso: string) => string,
  t: TTicketDetailT,
  slaT: TSlaT,
  locale: TLocale | undefined,
): TSlaTargetView | null {
  const { status, explanation } = input;
  if (status === 'n/a' && explanation.reason !== 'paused') return null;
  const isPaused = explanation.reason === 'paused';
  // A paused target has no time remaining; it was overdue already, or its clock simply stands still.
  const stateText =
    isPaused && status !== 'breached'
      ? t('ticketDetail.slaPaused')
      : (slaTargetText(status, input.minutesRemaining, slaT) ?? '');
  const isOpen = explanation.reason === 'on_track' || explanation.reason === 'at_risk';
  return {
    target: input.target,
    status,
    isPaused,
    stateText,
    tone: isPaused && status !== 'breached' ? 'done' : TONES[status],
    deadline:
      isOpen && explanation.deadline ? t('ticketDetail.slaDue', { at: moment(explanation.deadline) }) : null,
    why: whyText(input, waiting, moment, t, locale),
  };
}

/**
 * The SLA card of a ticket: the policy and its calendar, per target the spec's state text, its
 * deadline in the viewer's zone (and the calendar's), and why; holds and the time they paused.
 */
export function slaCardView(
  sla: TTicketSlaStatus,
  clock: TViewerClock,
  t: TTicketDetailT = ticketDetailEnglish,
  slaT: TSlaT = slaEnglish,
): TSlaCardView {
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
  const calendar = calendarText(explanation.calendar, t);
  return {
    policy: explanation.policy ? [explanation.policy.name, calendar].filter(Boolean).join(' · ') : null,
    targets: targets.flatMap(
      (input) => targetView(input, explanation.waiting, moment, t, slaT, clock.locale) ?? [],
    ),
    isWaiting: explanation.waiting !== null,
    pausedText:
      explanation.pausedMinutes > 0
        ? t('ticketDetail.slaWaited', {
            time: formatDuration(explanation.pausedMinutes, { locale: clock.locale }),
          })
        : null,
  };
}
