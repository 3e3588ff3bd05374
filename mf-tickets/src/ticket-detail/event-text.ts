import {
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  type TTicketEvent,
  type TWaitingEndReason,
  ZTicketCategory,
  ZTicketPriority,
  ZTicketStatus,
} from '@helpdesk/contracts';
import { formatDetailDate, fullName, localizeText } from '@helpdesk/shared-ui';
import type { TLocale } from '@helpdesk/shared-ui/i18n';
import { formatDuration } from '../sla/sla-time.ts';
import { type TTicketDetailT, ticketDetailEnglish } from './messages.ts';

function text(data: TTicketEvent['eventData'], key: string): string | null {
  const value = data[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function statusLabel(value: string | null, t: TTicketDetailT): string {
  const parsed = ZTicketStatus.safeParse(value);
  return parsed.success ? localizeText(TICKET_STATUS_LABELS[parsed.data]) : (value ?? t('ticketDetail.none'));
}

function priorityLabel(value: string | null, t: TTicketDetailT): string {
  const parsed = ZTicketPriority.safeParse(value);
  return parsed.success
    ? localizeText(TICKET_PRIORITY_LABELS[parsed.data])
    : (value ?? t('ticketDetail.none'));
}

function count(data: TTicketEvent['eventData'], key: string): number | null {
  const value = data[key];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

const WAIT_ENDS = {
  resumed: 'ticketDetail.eventResumed',
  requester_reply: 'ticketDetail.eventResumedReply',
  date_reached: 'ticketDetail.eventResumedDate',
  resolved: 'ticketDetail.eventResumedResolved',
} as const satisfies Record<TWaitingEndReason, string>;

/** The end of a hold: why, how long it lasted, and how far it moved the resolution deadline. */
function waitingEndedText(
  data: TTicketEvent['eventData'],
  t: TTicketDetailT,
  locale: TLocale | undefined,
): string {
  const reason = text(data, 'reason');
  const start = t(reason && reason in WAIT_ENDS ? WAIT_ENDS[reason as TWaitingEndReason] : WAIT_ENDS.resumed);
  const wall = count(data, 'wallMinutes');
  const paused = count(data, 'pausedMinutes');
  const waited =
    wall === null
      ? []
      : [t('ticketDetail.eventWaited', { time: formatDuration(wall, { days: true, locale }) })];
  const moved =
    paused === null
      ? []
      : [
          paused > 0
            ? t('ticketDetail.eventDeadlineMoved', { time: formatDuration(paused, { locale }) })
            : t('ticketDetail.eventDeadlineKept'),
        ];
  const details = [...waited, ...moved].join(', ');
  return details ? t('ticketDetail.eventResumedDetails', { start, details }) : start;
}

/** One action of a rule as the timeline says it; null for one this page does not know. */
function triggerActionText(action: unknown, t: TTicketDetailT): string | null {
  if (typeof action !== 'object' || action === null) return null;
  const data = action as Record<string, unknown>;
  const name = text(data, 'name');
  switch (data.type) {
    case 'assign_team':
      return name ? t('ticketDetail.eventTeam', { name }) : null;
    case 'assign_agent':
      return name ? t('ticketDetail.triggerAssigned', { name }) : null;
    case 'set_priority':
      return t('ticketDetail.triggerPriority', { priority: priorityLabel(text(data, 'priority'), t) });
    case 'set_category': {
      const parsed = ZTicketCategory.safeParse(data.category);
      const category = parsed.success
        ? localizeText(TICKET_CATEGORY_LABELS[parsed.data])
        : (text(data, 'category') ?? t('ticketDetail.none'));
      return t('ticketDetail.triggerCategory', { category });
    }
    case 'add_note':
      return t('ticketDetail.eventNote');
    case 'notify_user':
    case 'notify_team':
      return name ? t('ticketDetail.triggerNotified', { name }) : null;
    case 'webhook':
      return t('ticketDetail.triggerWebhook');
    default:
      return null;
  }
}

/** Which rule acted and what it did (a `trigger_applied` event). */
function triggerText(data: TTicketEvent['eventData'], t: TTicketDetailT): string {
  const rule = text(data, 'triggerName');
  const actions = (Array.isArray(data.actions) ? data.actions : [])
    .map((action) => triggerActionText(action, t))
    .filter((action): action is string => action !== null);
  if (!rule) return t('ticketDetail.eventTriggerPlain');
  return t('ticketDetail.eventTrigger', { rule, actions: actions.join(', ') });
}

/** Who did it: the user's name, or 'System' for what the desk raised itself (an SLA warning). */
export function eventActor(
  event: Pick<TTicketEvent, 'user'>,
  t: TTicketDetailT = ticketDetailEnglish,
): string {
  return event.user ? fullName(event.user) || t('ticketDetail.someone') : t('ticketDetail.system');
}

/**
 * What happened, as the timeline says it after the actor's name (event types of the contracts).
 * With the actor given, an assignment to themselves says so instead of repeating their name.
 */
export function eventDescription(
  event: Pick<TTicketEvent, 'eventType' | 'eventData'> & { user?: TTicketEvent['user'] },
  t: TTicketDetailT = ticketDetailEnglish,
  locale?: TLocale,
): string {
  const data = event.eventData;
  const change = { from: text(data, 'from'), to: text(data, 'to') };
  switch (event.eventType) {
    case 'created':
      return t('ticketDetail.eventCreated');
    case 'status_changed': {
      const statuses = { from: statusLabel(change.from, t), to: statusLabel(change.to, t) };
      return data.reason === 'requester_reply'
        ? t('ticketDetail.eventReopened', statuses)
        : t('ticketDetail.eventStatus', statuses);
    }
    case 'priority_changed':
      return t('ticketDetail.eventPriority', {
        from: priorityLabel(change.from, t),
        to: priorityLabel(change.to, t),
      });
    case 'assigned': {
      const name = text(data, 'toName');
      if (name && event.user && change.to === event.user.id) return t('ticketDetail.eventAssignedSelf');
      return name ? t('ticketDetail.eventAssigned', { name }) : t('ticketDetail.eventUnassigned');
    }
    case 'team_changed': {
      const name = text(data, 'toName');
      return name ? t('ticketDetail.eventTeam', { name }) : t('ticketDetail.eventTeamRemoved');
    }
    case 'comment_added':
      return data.isInternal === true ? t('ticketDetail.eventNote') : t('ticketDetail.eventComment');
    case 'attachment_added': {
      const fileName = text(data, 'fileName');
      return fileName
        ? t('ticketDetail.eventAttached', { name: fileName })
        : t('ticketDetail.eventAttachedFile');
    }
    case 'waiting_started': {
      const until = text(data, 'until');
      const date = until ? formatDetailDate(until) : '';
      return date ? t('ticketDetail.eventWaitingUntil', { date }) : t('ticketDetail.eventWaiting');
    }
    case 'waiting_ended':
      return waitingEndedText(data, t, locale);
    case 'trigger_applied':
      return triggerText(data, t);
    default:
      return event.eventType.replaceAll('_', ' ');
  }
}
