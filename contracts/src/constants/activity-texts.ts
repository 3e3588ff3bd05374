// Zod-free: the shell's start-up path reads these without loading zod (see constants/index.ts).

/**
 * The English of the dashboard's team activity lines ('Resolved TKT-000123 · 2 hours ago'): what a
 * person did and how long ago, each a template filled by fillServerText (server-texts.ts) and found by
 * the dashboard by its English; `{name}` and `{team}` are shown as written.
 */
export const ACTIVITY_MESSAGES = {
  line: '{eventLabel} · {whenLabel}',
  created: 'Created {ticketNumber}',
  reopenedByReply: 'Reopened {ticketNumber} with a reply',
  resolved: 'Resolved {ticketNumber}',
  closed: 'Closed {ticketNumber}',
  started: 'Started work on {ticketNumber}',
  reopened: 'Reopened {ticketNumber}',
  updated: 'Updated {ticketNumber}',
  priorityChanged: 'Changed the priority of {ticketNumber}',
  assigned: 'Assigned {ticketNumber} to {name}',
  unassigned: 'Unassigned {ticketNumber}',
  movedToTeam: 'Moved {ticketNumber} to {team}',
  removedFromTeam: 'Removed {ticketNumber} from its team',
  internalNote: 'Added an internal note to {ticketNumber}',
  replied: 'Replied on {ticketNumber}',
  attached: 'Attached a file to {ticketNumber}',
  justNow: 'Just now',
  minuteAgo: '1 minute ago',
  minutesAgo: '{count} minutes ago',
  hourAgo: '1 hour ago',
  hoursAgo: '{count} hours ago',
  dayAgo: '1 day ago',
  daysAgo: '{count} days ago',
} as const;
