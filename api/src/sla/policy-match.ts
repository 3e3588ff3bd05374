import type { TSlaExplanation, TTicketCategory, TTicketPriority } from '@helpdesk/contracts';
import { AROUND_THE_CLOCK, type CalendarRules, isAroundTheClock } from './business-time.ts';
import type { SlaClock } from './deadlines.ts';
import type { ActivePolicy, PolicyRow } from './queries.ts';

/** The calendar a policy counts in: its own, or around the clock without one. */
export function calendarOf(policy: PolicyRow | null): CalendarRules {
  if (!policy?.calendar) return AROUND_THE_CLOCK;
  const { timeZone, weeklyHours, holidays } = policy.calendar;
  return { timeZone, weeklyHours, holidays };
}

/**
 * The policy that applies to a ticket among the active ones, as queries.ts's matchingPolicy picks it
 * in SQL: of its priority, those whose team and category are unset or equal the ticket's, the most
 * specific first (team and category, team, category, priority alone). The unique active
 * (priority, team, category) index leaves one of each kind at most, so the winner is unique.
 */
export function matchPolicy(
  policies: readonly ActivePolicy[],
  match: { priority: TTicketPriority; teamId: string | null; category: TTicketCategory },
): PolicyRow | null {
  let best: ActivePolicy | null = null;
  let bestRank = -1;
  for (const policy of policies) {
    if (policy.priority !== match.priority) continue;
    if (policy.teamId !== null && policy.teamId !== match.teamId) continue;
    if (policy.category !== null && policy.category !== match.category) continue;
    const rank = (policy.teamId === null ? 0 : 2) + (policy.category === null ? 0 : 1);
    if (rank > bestRank) {
      best = policy;
      bestRank = rank;
    }
  }
  if (best === null) return null;
  const { priority: _priority, teamId: _teamId, category: _category, ...row } = best;
  return row;
}

/** A matched policy as the deadline math takes it; null without one. */
export function clockOf(policy: PolicyRow | null): SlaClock | null {
  if (policy === null) return null;
  return {
    policyId: policy.id,
    responseMinutes: policy.responseMinutes,
    resolutionMinutes: policy.resolutionMinutes,
    calendar: calendarOf(policy),
  };
}

export const AROUND_THE_CLOCK_NAME = 'Around the clock';

/** The calendar an SLA explanation names: null without a policy, 'Around the clock' without a calendar. */
export function explainedCalendar(policy: PolicyRow | null): TSlaExplanation['calendar'] {
  if (policy === null) return null;
  if (policy.calendar === null) {
    return { id: null, name: AROUND_THE_CLOCK_NAME, timeZone: 'UTC', isAroundTheClock: true };
  }
  return {
    id: policy.calendar.id,
    name: policy.calendar.name,
    timeZone: policy.calendar.timeZone,
    isAroundTheClock: isAroundTheClock(calendarOf(policy)),
  };
}
