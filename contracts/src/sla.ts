import { z } from 'zod';
import { TICKET_CATEGORIES, TICKET_PRIORITIES } from './constants/tickets.ts';
import { invisibleCharactersMessage, VISIBLE_LINE } from './text.ts';

/**
 * Service levels: business calendars (when the clock runs) and SLA policies (how long each target
 * may take, and which tickets they apply to). Rules in docs/product.md#sla.
 */

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type TWeekday = (typeof WEEKDAYS)[number];

export const SLA_LIMITS = {
  nameMax: 255,
  /** Working ranges one weekday may have. */
  rangesPerDayMax: 6,
  holidaysMax: 400,
  holidayNameMax: 255,
  /** The longest target: one year of working minutes. */
  targetMinutesMax: 525_600,
} as const;

export const SLA_MESSAGES = {
  calendarNotFound: 'Business calendar not found',
  policyNotFound: 'SLA policy not found',
  teamNotFound: 'Team not found',
  calendarNameExists: 'A business calendar with this name already exists',
  calendarInUse: 'This calendar is used by an SLA policy; move those policies to another calendar first',
  policyMatchExists:
    'An active policy already applies to this priority, team and category; deactivate it or change this one',
  resolutionBeforeResponse: 'Resolution time must not be shorter than response time',
  noWorkingTime: 'A calendar needs some working time in the week',
  unknownTimeZone: 'Unknown time zone',
  nothingToChange: 'Nothing to change',
  notOpen: 'Only an open ticket can wait on the requester',
  alreadyWaiting: 'This ticket is already waiting on the requester',
  notWaiting: 'This ticket is not waiting on the requester',
  untilInPast: 'The date to wait until must be in the future',
  untilTooFar: 'The date to wait until must be at most 365 days ahead',
} as const;

/** "HH:MM" on a 24-hour clock; "24:00" is the end of the day (only as a range's end). */
const TIME_OF_DAY = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const ZTimeOfDay = z.string().regex(TIME_OF_DAY, 'Times are HH:MM, from 00:00 to 24:00');

/** Minutes since midnight of "HH:MM" (a valid ZTimeOfDay). */
export function minutesOfDay(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

export const ZWorkingRange = z
  .strictObject({ start: ZTimeOfDay, end: ZTimeOfDay })
  .refine((range) => minutesOfDay(range.start) < minutesOfDay(range.end), {
    error: 'A range must end after it starts (use 24:00 for midnight at its end)',
  });
export type TWorkingRange = z.infer<typeof ZWorkingRange>;

/** One weekday's ranges: at most SLA_LIMITS.rangesPerDayMax, none overlapping (touching is fine). */
const ZDayRanges = z
  .array(ZWorkingRange)
  .max(SLA_LIMITS.rangesPerDayMax, `At most ${SLA_LIMITS.rangesPerDayMax} ranges a day`)
  .refine(
    (ranges) => {
      const sorted = [...ranges].sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start));
      return sorted.every(
        (range, i) => i === 0 || minutesOfDay(sorted[i - 1]!.end) <= minutesOfDay(range.start),
      );
    },
    { error: 'Ranges of one day must not overlap' },
  );

/** Working ranges per weekday; a day with no ranges is closed. Seven 00:00-24:00 days run around the clock. */
export const ZWeeklyHours = z.strictObject({
  monday: ZDayRanges,
  tuesday: ZDayRanges,
  wednesday: ZDayRanges,
  thursday: ZDayRanges,
  friday: ZDayRanges,
  saturday: ZDayRanges,
  sunday: ZDayRanges,
});
export type TWeeklyHours = z.infer<typeof ZWeeklyHours>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date "YYYY-MM-DD" (no 2026-02-30). */
export const ZIsoDate = z
  .string()
  .regex(DATE, 'Dates are YYYY-MM-DD')
  .refine((date) => {
    const parsed = new Date(`${date}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
  }, 'Not a real date');

/** A day off: the whole local day is not working time. everyYear repeats it on the same month and day. */
export const ZHoliday = z.strictObject({
  date: ZIsoDate,
  name: z
    .string()
    .trim()
    .max(SLA_LIMITS.holidayNameMax, `Holiday name must be at most ${SLA_LIMITS.holidayNameMax} characters`)
    .regex(VISIBLE_LINE, invisibleCharactersMessage('Holiday name'))
    .optional(),
  everyYear: z.boolean().optional(),
});
export type THoliday = z.infer<typeof ZHoliday>;

/** Whether the runtime knows an IANA time zone (case as the zone database spells it). */
export function isKnownTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return false;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone.length > 0;
  } catch {
    return false;
  }
}

export const ZTimeZone = z.string().refine(isKnownTimeZone, SLA_MESSAGES.unknownTimeZone);

const ZCalendarName = z
  .string()
  .trim()
  .min(1, 'Calendar name is required')
  .max(SLA_LIMITS.nameMax, `Calendar name must be at most ${SLA_LIMITS.nameMax} characters`)
  .regex(VISIBLE_LINE, invisibleCharactersMessage('Calendar name'));

const ZHolidays = z.array(ZHoliday).max(SLA_LIMITS.holidaysMax, `At most ${SLA_LIMITS.holidaysMax} holidays`);

/** Whether a week has any working time at all (a calendar without any would never reach a deadline). */
export const hasWorkingTime = (week: TWeeklyHours) => WEEKDAYS.some((day) => week[day].length > 0);

/** The calendar the clock counts in: no holidays and every day 00:00-24:00 means around the clock. */
export const ZCalendarRules = z.object({
  timeZone: z.string(),
  weeklyHours: ZWeeklyHours,
  holidays: z.array(ZHoliday),
});
export type TCalendarRules = z.infer<typeof ZCalendarRules>;

export const ZBusinessCalendar = ZCalendarRules.extend({
  id: z.uuid(),
  name: z.string(),
  /** Seven full days and no holidays: deadlines are plain elapsed time. */
  isAroundTheClock: z.boolean(),
  /** Policies (active or not) counting in it; a calendar in use cannot be deleted. */
  policyCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TBusinessCalendar = z.infer<typeof ZBusinessCalendar>;
export const ZBusinessCalendarList = z.array(ZBusinessCalendar);

/** POST /api/admin/business-calendars: 201 with the calendar. Names are unique whatever their case. */
export const ZCreateBusinessCalendarRequest = z.strictObject({
  name: ZCalendarName,
  timeZone: ZTimeZone,
  weeklyHours: ZWeeklyHours.refine(hasWorkingTime, SLA_MESSAGES.noWorkingTime),
  holidays: ZHolidays.default([]),
});
export type TCreateBusinessCalendarRequest = z.infer<typeof ZCreateBusinessCalendarRequest>;

/** PATCH /api/admin/business-calendars/{id}: any of the fields; the whole weeklyHours or holidays list is replaced. */
export const ZUpdateBusinessCalendarRequest = z
  .strictObject({
    name: ZCalendarName.optional(),
    timeZone: ZTimeZone.optional(),
    weeklyHours: ZWeeklyHours.refine(hasWorkingTime, SLA_MESSAGES.noWorkingTime).optional(),
    holidays: ZHolidays.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, SLA_MESSAGES.nothingToChange);
export type TUpdateBusinessCalendarRequest = z.infer<typeof ZUpdateBusinessCalendarRequest>;

/** A target in hours on the wire, fractions allowed, stored as whole minutes (at least one). */
const ZTargetHours = (label: string) =>
  z
    .number({ error: `${label} must be a number of hours` })
    .positive(`${label} must be more than zero`)
    .max(
      SLA_LIMITS.targetMinutesMax / 60,
      `${label} must be at most ${SLA_LIMITS.targetMinutesMax / 60} hours`,
    )
    .refine((hours) => Math.round(hours * 60) >= 1, `${label} must be at least one minute`);

/** Hours on the wire to the whole minutes the desk counts in. */
export const targetMinutes = (hours: number) => Math.round(hours * 60);

const ZPolicyName = z
  .string()
  .trim()
  .min(1, 'Policy name is required')
  .max(SLA_LIMITS.nameMax, `Policy name must be at most ${SLA_LIMITS.nameMax} characters`)
  .regex(VISIBLE_LINE, invisibleCharactersMessage('Policy name'));

export const ZSlaPolicy = z.object({
  id: z.uuid(),
  name: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  responseTimeHours: z.number(),
  resolutionTimeHours: z.number(),
  isActive: z.boolean(),
  /** Applies only to tickets of this team (null: any team, or none). */
  teamId: z.uuid().nullable(),
  team: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Applies only to tickets of this category (null: any). */
  category: z.enum(TICKET_CATEGORIES).nullable(),
  /** The calendar its clock counts in; null counts around the clock (UTC, no holidays). */
  calendarId: z.uuid().nullable(),
  calendar: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSlaPolicy = z.infer<typeof ZSlaPolicy>;
export const ZSlaPolicyList = z.array(ZSlaPolicy);

/**
 * POST /api/admin/sla-policies: 201 with the policy. Resolution may not be shorter than response;
 * at most one active policy per (priority, team, category); teamId and calendarId must exist.
 */
export const ZCreateSlaPolicyRequest = z
  .strictObject({
    name: ZPolicyName,
    priority: z.enum(TICKET_PRIORITIES),
    responseTimeHours: ZTargetHours('Response time'),
    resolutionTimeHours: ZTargetHours('Resolution time'),
    isActive: z.boolean().default(true),
    teamId: z.uuid({ error: 'Invalid team ID format' }).nullable().optional(),
    category: z.enum(TICKET_CATEGORIES).nullable().optional(),
    calendarId: z.uuid({ error: 'Invalid calendar ID format' }).nullable().optional(),
  })
  .refine((body) => targetMinutes(body.resolutionTimeHours) >= targetMinutes(body.responseTimeHours), {
    error: SLA_MESSAGES.resolutionBeforeResponse,
    path: ['resolutionTimeHours'],
  });
export type TCreateSlaPolicyRequest = z.infer<typeof ZCreateSlaPolicyRequest>;

/** PATCH /api/admin/sla-policies/{id}: any of the fields; the rules of POST hold for the result. */
export const ZUpdateSlaPolicyRequest = z
  .strictObject({
    name: ZPolicyName.optional(),
    priority: z.enum(TICKET_PRIORITIES).optional(),
    responseTimeHours: ZTargetHours('Response time').optional(),
    resolutionTimeHours: ZTargetHours('Resolution time').optional(),
    isActive: z.boolean().optional(),
    teamId: z.uuid({ error: 'Invalid team ID format' }).nullable().optional(),
    category: z.enum(TICKET_CATEGORIES).nullable().optional(),
    calendarId: z.uuid({ error: 'Invalid calendar ID format' }).nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, SLA_MESSAGES.nothingToChange);
export type TUpdateSlaPolicyRequest = z.infer<typeof ZUpdateSlaPolicyRequest>;

export const ZSlaIdParams = z.strictObject({ id: z.uuid({ error: 'Invalid ID format' }) });

export const SLA_ADMIN_PATHS = {
  businessCalendars: '/api/admin/business-calendars',
  slaPolicies: '/api/admin/sla-policies',
} as const;
export const businessCalendarPath = (id: string) => `${SLA_ADMIN_PATHS.businessCalendars}/${id}`;
export const slaPolicyPath = (id: string) => `${SLA_ADMIN_PATHS.slaPolicies}/${id}`;

/**
 * PUT /api/tickets/{id}/waiting (agents and admins): the ticket waits on its requester, optionally
 * until a date (at most a year ahead). Its resolution clock stops until the requester replies, the
 * date comes, or DELETE /api/tickets/{id}/waiting resumes it. Answers the ticket's SLA status.
 */
export const ZWaitOnRequesterRequest = z.strictObject({
  until: z.iso.datetime({ offset: true, error: 'until must be an ISO date-time' }).nullable().optional(),
});
export type TWaitOnRequesterRequest = z.infer<typeof ZWaitOnRequesterRequest>;
export const WAIT_UNTIL_MAX_DAYS = 365;

/** Why a hold ended (the waiting_ended event's reason). */
export const WAITING_END_REASONS = ['resumed', 'requester_reply', 'date_reached', 'resolved'] as const;
export type TWaitingEndReason = (typeof WAITING_END_REASONS)[number];

/**
 * Why one target is in its state, for the SLA card:
 * no_policy (no deadline), on_track, at_risk (less than a quarter of its working time is left),
 * deadline_passed (not done, overdue), done_in_time, done_late, paused (the resolution clock is
 * stopped while the ticket waits on the requester).
 */
export const SLA_REASONS = [
  'no_policy',
  'on_track',
  'at_risk',
  'deadline_passed',
  'done_in_time',
  'done_late',
  'paused',
] as const;
export const ZSlaReason = z.enum(SLA_REASONS);
export type TSlaReason = z.infer<typeof ZSlaReason>;

export const ZSlaTargetExplanation = z.object({
  reason: ZSlaReason,
  /** The deadline (ISO), null without one or while paused. */
  deadline: z.string().nullable(),
  /** When the target becomes at risk (ISO): three quarters of its working time used. */
  atRiskAt: z.string().nullable(),
  /** When it was done (first response, resolution), or null. */
  doneAt: z.string().nullable(),
  /** While paused: working minutes that were left when the clock stopped. */
  workingMinutesLeft: z.number().int().nullable(),
});
export type TSlaTargetExplanation = z.infer<typeof ZSlaTargetExplanation>;

/** The explanation GET /api/tickets/{id}/sla-status adds to the four fields of its status. */
export const ZSlaExplanation = z.object({
  policy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The calendar the ticket's clock counts in; null without a policy. */
  calendar: z
    .object({
      id: z.uuid().nullable(),
      name: z.string(),
      timeZone: z.string(),
      isAroundTheClock: z.boolean(),
    })
    .nullable(),
  response: ZSlaTargetExplanation,
  resolution: ZSlaTargetExplanation,
  /** Set while the ticket waits on its requester. */
  waiting: z.object({ since: z.string(), until: z.string().nullable() }).nullable(),
  /** Working minutes the resolution clock was stopped in finished holds (the deadline moved by as much). */
  pausedMinutes: z.number().int(),
});
export type TSlaExplanation = z.infer<typeof ZSlaExplanation>;
