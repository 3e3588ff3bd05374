import { ACTIVITY_MESSAGES, DASHBOARD_TONES, fillServerText, type TDashboardTone } from '@helpdesk/contracts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const ago = (count: number, one: string, many: string) =>
  count === 1 ? one : fillServerText(many, { count: String(count) });

/** The notifications' relative time: 'Just now', 'N minute(s) ago', 'N hour(s) ago', 'N day(s) ago'. */
export function relativeTime(at: number, now: number): string {
  const elapsed = Math.max(0, now - at);
  if (elapsed < MINUTE_MS) return ACTIVITY_MESSAGES.justNow;
  if (elapsed < HOUR_MS)
    return ago(Math.floor(elapsed / MINUTE_MS), ACTIVITY_MESSAGES.minuteAgo, ACTIVITY_MESSAGES.minutesAgo);
  if (elapsed < DAY_MS)
    return ago(Math.floor(elapsed / HOUR_MS), ACTIVITY_MESSAGES.hourAgo, ACTIVITY_MESSAGES.hoursAgo);
  return ago(Math.floor(elapsed / DAY_MS), ACTIVITY_MESSAGES.dayAgo, ACTIVITY_MESSAGES.daysAgo);
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** The template of what a ticket event says about its author. */
function eventTemplate(eventType: string, data: Record<string, unknown>): string {
  switch (eventType) {
    case 'created':
      return ACTIVITY_MESSAGES.created;
    case 'status_changed':
      if (data.reason === 'requester_reply') return ACTIVITY_MESSAGES.reopenedByReply;
      switch (data.to) {
        case 'resolved':
          return ACTIVITY_MESSAGES.resolved;
        case 'closed':
          return ACTIVITY_MESSAGES.closed;
        case 'in_progress':
          return ACTIVITY_MESSAGES.started;
        case 'new':
          return ACTIVITY_MESSAGES.reopened;
        default:
          return ACTIVITY_MESSAGES.updated;
      }
    case 'priority_changed':
      return ACTIVITY_MESSAGES.priorityChanged;
    case 'assigned':
      return text(data.toName) ? ACTIVITY_MESSAGES.assigned : ACTIVITY_MESSAGES.unassigned;
    case 'team_changed':
      return text(data.toName) ? ACTIVITY_MESSAGES.movedToTeam : ACTIVITY_MESSAGES.removedFromTeam;
    case 'comment_added':
      return data.isInternal === true ? ACTIVITY_MESSAGES.internalNote : ACTIVITY_MESSAGES.replied;
    case 'attachment_added':
      return ACTIVITY_MESSAGES.attached;
    default:
      return ACTIVITY_MESSAGES.updated;
  }
}

/** What a ticket event says about its author, e.g. 'Resolved TKT-000123'. */
export function describeEvent(
  eventType: string,
  data: Record<string, unknown>,
  ticketNumber: string,
): string {
  const toName = text(data.toName) ?? '';
  return fillServerText(eventTemplate(eventType, data), { ticketNumber, name: toName, team: toName });
}

/** A team activity line: what the person did, and how long ago. */
export function activityLine(event: string, when: string): string {
  return fillServerText(ACTIVITY_MESSAGES.line, { eventLabel: event, whenLabel: when });
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
