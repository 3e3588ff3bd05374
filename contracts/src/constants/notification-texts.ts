// Zod-free: the shell's start-up path reads these without loading zod (see constants/index.ts).
import type { TICKET_STATUSES } from './tickets.ts';

/**
 * The English of every notification the API writes, as templates with `{name}` placeholders: the API
 * fills them (server-texts.ts), and the same texts, in ICU form, are shared-ui's server messages, so a
 * screen finds a stored title or message by its English and shows it in the reader's language
 * (docs/architecture.md#languages). A placeholder named `…Label` holds a text the screens know as
 * well (a status's label, a duration), translated in turn. No apostrophes: ICU would read them as quotes.
 */
export const NOTIFICATION_MESSAGES = {
  createdTitle: 'New ticket {ticketNumber}',
  createdMessage: 'A new ticket was opened: "{title}".',
  replyTitle: 'New reply on {ticketNumber}',
  replyMessage: '{author} replied to "{title}".',
  reopenedTitle: '{ticketNumber} reopened by a reply',
  reopenedMessage: '{author} replied to the resolved ticket "{title}", which is in progress again.',
  assignedTitle: '{ticketNumber} assigned to you',
  assignedMessage: 'You were assigned "{title}".',
  resolvedTitle: '{ticketNumber} resolved',
  resolvedMessage: '"{title}" was resolved.',
  statusNewTitle: '{ticketNumber} is new',
  statusInProgressTitle: '{ticketNumber} is in progress',
  statusResolvedTitle: '{ticketNumber} is resolved',
  statusClosedTitle: '{ticketNumber} is closed',
  statusMessage: '"{title}" moved from {fromLabel} to {toLabel}.',
  responseAtRiskTitle: 'SLA at risk: {ticketNumber} first response due in {leftLabel}',
  responseAtRiskMessage: '"{title}" needs a first response within {leftLabel}.',
  resolutionAtRiskTitle: 'SLA at risk: {ticketNumber} resolution due in {leftLabel}',
  resolutionAtRiskMessage: '"{title}" must be resolved within {leftLabel}.',
  responseBreachedTitle: 'SLA breached: {ticketNumber} first response overdue',
  responseBreachedMessage: '"{title}" missed its first response target: {overdueLabel} overdue.',
  resolutionBreachedTitle: 'SLA breached: {ticketNumber} resolution overdue',
  resolutionBreachedMessage: '"{title}" missed its resolution target: {overdueLabel} overdue.',
  lessThanAMinute: 'less than a minute',
  demoBreachedTitle: 'SLA breached on {ticketNumber}',
  demoBreachedMessage: '"{title}" is past its resolution target.',
  demoMaintenanceTitle: 'Scheduled maintenance',
  demoMaintenanceMessage:
    'The help desk will be unavailable on Saturday from 22:00 to 23:00 UTC for database maintenance.',
} as const;

/** One of the notification templates. */
export type TNotificationText = (typeof NOTIFICATION_MESSAGES)[keyof typeof NOTIFICATION_MESSAGES];

/** The title of a ticket that moved to `status` (resolving has its own, resolvedTitle). */
export const NOTIFICATION_STATUS_TITLES: Record<(typeof TICKET_STATUSES)[number], TNotificationText> = {
  new: NOTIFICATION_MESSAGES.statusNewTitle,
  in_progress: NOTIFICATION_MESSAGES.statusInProgressTitle,
  resolved: NOTIFICATION_MESSAGES.statusResolvedTitle,
  closed: NOTIFICATION_MESSAGES.statusClosedTitle,
};
