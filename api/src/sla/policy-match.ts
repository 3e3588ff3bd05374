import type { TSlaExplanation } from '@helpdesk/contracts';
import { AROUND_THE_CLOCK, type CalendarRules, isAroundTheClock } from './business-time.ts';
import type { SlaClock } from './deadlines.ts';
import type { PolicyRow } from './queries.ts';

/** The calendar a policy counts in: its own, or around the clock without one. */
export function calendarOf(policy: PolicyRow | null): CalendarRules {
  if (!policy?.calendar) return AROUND_THE_CLOCK;
  const { timeZone, weeklyHours, holidays } = policy.calendar;
  return { timeZone, weeklyHours, holidays };
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
