import { DASHBOARD_TONES, type TDashboardTone } from '@helpdesk/contracts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/** The notifications' relative time: 'Just now', 'N minute(s) ago', 'N hour(s) ago', 'N day(s) ago'. */
export function relativeTime(at: number, now: number): string {
  const elapsed = Math.max(0, now - at);
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return plural(Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return plural(Math.floor(elapsed / HOUR_MS), 'hour');
  return plural(Math.floor(elapsed / DAY_MS), 'day');
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** What a ticket event says about its author, e.g. 'Resolved TKT-000123'. */
export function describeEvent(
  eventType: string,
  data: Record<string, unknown>,
  ticketNumber: string,
): string {
  switch (eventType) {
    case 'created':
      return `Created ${ticketNumber}`;
    case 'status_changed':
      if (data.reason === 'requester_reply') return `Reopened ${ticketNumber} with a reply`;
      switch (data.to) {
        case 'resolved':
          return `Resolved ${ticketNumber}`;
        case 'closed':
          return `Closed ${ticketNumber}`;
        case 'in_progress':
          return `Started work on ${ticketNumber}`;
        case 'new':
          return `Reopened ${ticketNumber}`;
        default:
          return `Updated ${ticketNumber}`;
      }
    case 'priority_changed':
      return `Changed the priority of ${ticketNumber}`;
    case 'assigned': {
      const toName = text(data.toName);
      return toName ? `Assigned ${ticketNumber} to ${toName}` : `Unassigned ${ticketNumber}`;
    }
    case 'team_changed': {
      const toName = text(data.toName);
      return toName ? `Moved ${ticketNumber} to ${toName}` : `Removed ${ticketNumber} from its team`;
    }
    case 'comment_added':
      return data.isInternal === true
        ? `Added an internal note to ${ticketNumber}`
        : `Replied on ${ticketNumber}`;
    case 'attachment_added':
      return `Attached a file to ${ticketNumber}`;
    default:
      return `Updated ${ticketNumber}`;
  }
}

const AVATAR_TONES: readonly TDashboardTone[] = DASHBOARD_TONES.filter((tone) => tone !== 'slate');

/** The same tone for the same person on every load: a hash of their id picks it. */
export function toneFor(userId: string): TDashboardTone {
  let hash = 0;
  for (const character of userId) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return AVATAR_TONES[hash % AVATAR_TONES.length] ?? 'blue';
}

/** How recently someone acted: green within the hour, amber within the day, slate before. */
export function recencyTone(at: number, now: number): TDashboardTone {
  const elapsed = now - at;
  if (elapsed < HOUR_MS) return 'green';
  if (elapsed < DAY_MS) return 'amber';
  return 'slate';
}

/** Initials: the first letters of first and last name. */
export function initialsOf(firstName: string, lastName: string): string {
  return `${Array.from(firstName.trim())[0] ?? ''}${Array.from(lastName.trim())[0] ?? ''}`.toUpperCase();
}
