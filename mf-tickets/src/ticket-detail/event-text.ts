import {
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  type TTicketEvent,
  type TWaitingEndReason,
  ZTicketPriority,
  ZTicketStatus,
} from '@helpdesk/contracts';
import { formatDetailDate, fullName } from '@helpdesk/shared-ui';
import { formatDuration } from '../sla/sla-time.ts';

function text(data: TTicketEvent['eventData'], key: string): string | null {
  const value = data[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function statusLabel(value: string | null): string {
  const parsed = ZTicketStatus.safeParse(value);
  return parsed.success ? TICKET_STATUS_LABELS[parsed.data] : (value ?? 'none');
}

function priorityLabel(value: string | null): string {
  const parsed = ZTicketPriority.safeParse(value);
  return parsed.success ? TICKET_PRIORITY_LABELS[parsed.data] : (value ?? 'none');
}

function count(data: TTicketEvent['eventData'], key: string): number | null {
  const value = data[key];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

const WAIT_ENDS: Record<TWaitingEndReason, string> = {
  resumed: 'resumed the clock',
  requester_reply: 'resumed the clock: the requester replied',
  date_reached: 'resumed the clock: the date came',
  resolved: 'resumed the clock: the ticket was resolved',
};

/** The end of a hold: why, how long it lasted, and how far it moved the resolution deadline. */
function waitingEndedText(data: TTicketEvent['eventData']): string {
  const reason = text(data, 'reason');
  const start = reason && reason in WAIT_ENDS ? WAIT_ENDS[reason as TWaitingEndReason] : 'resumed the clock';
  const wall = count(data, 'wallMinutes');
  const paused = count(data, 'pausedMinutes');
  const waited = wall === null ? [] : [`waited ${formatDuration(wall, { days: true })}`];
  const moved =
    paused === null
      ? []
      : [
          paused > 0
            ? `the resolution deadline moved by ${formatDuration(paused)} of working time`
            : 'the resolution deadline did not move',
        ];
  const details = [...waited, ...moved].join(', ');
  return details ? `${start} — ${details}` : start;
}

/** Who did it: the user's name, or 'System' for what the desk raised itself (an SLA warning). */
export function eventActor(event: Pick<TTicketEvent, 'user'>): string {
  return event.user ? fullName(event.user) || 'Someone' : 'System';
}

/**
 * What happened, as the timeline says it after the actor's name (event types of the contracts).
 * With the actor given, an assignment to themselves says so instead of repeating their name.
 */
export function eventDescription(
  event: Pick<TTicketEvent, 'eventType' | 'eventData'> & { user?: TTicketEvent['user'] },
): string {
  const data = event.eventData;
  switch (event.eventType) {
    case 'created':
      return 'created the ticket';
    case 'status_changed':
      if (data.reason === 'requester_reply') {
        return `reopened the ticket with their reply (${statusLabel(text(data, 'from'))} to ${statusLabel(text(data, 'to'))})`;
      }
      return `changed the status from ${statusLabel(text(data, 'from'))} to ${statusLabel(text(data, 'to'))}`;
    case 'priority_changed':
      return `changed the priority from ${priorityLabel(text(data, 'from'))} to ${priorityLabel(text(data, 'to'))}`;
    case 'assigned': {
      const name = text(data, 'toName');
      if (name && event.user && text(data, 'to') === event.user.id)
        return 'assigned the ticket to themselves';
      return name ? `assigned the ticket to ${name}` : 'unassigned the ticket';
    }
    case 'team_changed': {
      const name = text(data, 'toName');
      return name ? `moved the ticket to the ${name} team` : 'removed the team';
    }
    case 'comment_added':
      return data.isInternal === true ? 'added an internal note' : 'added a comment';
    case 'attachment_added': {
      const fileName = text(data, 'fileName');
      return fileName ? `attached ${fileName}` : 'attached a file';
    }
    case 'waiting_started': {
      const until = text(data, 'until');
      const date = until ? formatDetailDate(until) : '';
      return date ? `started waiting on the requester (until ${date})` : 'started waiting on the requester';
    }
    case 'waiting_ended':
      return waitingEndedText(data);
    default:
      return event.eventType.replaceAll('_', ' ');
  }
}
