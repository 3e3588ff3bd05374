import {
  SLA_MESSAGES,
  type TBusinessCalendar,
  type TSlaPolicy,
  type TUser,
  type TWeeklyHours,
  targetMinutes,
  WEEKDAYS,
  type ZCreateBusinessCalendarRequest,
  type ZCreateSlaPolicyRequest,
  type ZUpdateBusinessCalendarRequest,
  type ZUpdateSlaPolicyRequest,
} from '@helpdesk/contracts';
import type postgres from 'postgres';
import type { z } from 'zod';
import { insertAdminActionEntry } from '../audit/queries.ts';
import type { RequestMeta } from '../client-ip.ts';
import { type Db, uniqueViolation } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { isAroundTheClock } from '../sla/business-time.ts';
import { slaPolicyCache } from '../sla/policy-cache.ts';
import { lockTeamIfExists } from '../teams/queries.ts';
import {
  type CalendarFields,
  type CalendarRow,
  deleteCalendar,
  insertCalendar,
  insertPolicy,
  lockCalendarIfExists,
  type PolicyFields,
  type PolicyRow,
  selectCalendarByIdForUpdate,
  selectCalendars,
  selectPolicies,
  selectPolicyByIdForUpdate,
  updateCalendar,
  updatePolicy,
} from './queries.ts';

type Actor = { admin: TUser; meta: RequestMeta };
type Change = { from: postgres.JSONValue; to: postgres.JSONValue };

/** The fields whose value differs, each with its before and after (compared as JSON). */
function changesOf<K extends string>(
  current: Readonly<Record<K, unknown>>,
  next: Readonly<Record<K, unknown>>,
  fields: readonly K[],
) {
  const changes: Record<string, Change> = {};
  for (const field of fields) {
    if (JSON.stringify(current[field]) !== JSON.stringify(next[field])) {
      changes[field] = { from: current[field] as postgres.JSONValue, to: next[field] as postgres.JSONValue };
    }
  }
  return changes;
}

/** Client mistakes the unique indexes catch (also under concurrent writes) as 409s, not 500s. */
function conflictOf(error: unknown) {
  switch (uniqueViolation(error)) {
    case 'business_calendars_name_key':
      return conflict(SLA_MESSAGES.calendarNameExists, { name: SLA_MESSAGES.calendarNameExists });
    case 'sla_policies_active_match_key':
      return conflict(SLA_MESSAGES.policyMatchExists);
    default:
      return null;
  }
}

/**
 * Runs a change to the calendars or policies: once it commits, this process's own filings stop
 * trusting the policies it kept before answering, without waiting for the tables' notification
 * (sla/policy-cache.ts); the other processes hear the notification.
 */
async function inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    const result = (await sql.begin((tx) => work(tx))) as T;
    slaPolicyCache().clear();
    return result;
  } catch (error) {
    throw conflictOf(error) ?? error;
  }
}

// Calendars

/**
 * Ranges of each day by start time and holidays by date (the order a person reads them in), each
 * with its keys in one order: stored jsonb reorders keys, and a PATCH compares before and after.
 */
function tidyCalendar(fields: CalendarFields): CalendarFields {
  const weeklyHours = Object.fromEntries(
    WEEKDAYS.map((day) => [
      day,
      fields.weeklyHours[day]
        .map(({ start, end }) => ({ start, end }))
        .sort((a, b) => a.start.localeCompare(b.start)),
    ]),
  ) as TWeeklyHours;
  const holidays = fields.holidays
    .map(({ date, name, everyYear }) => ({
      date,
      ...(name === undefined ? {} : { name }),
      ...(everyYear === undefined ? {} : { everyYear }),
    }))
    .sort((a, b) => a.date.localeCompare(b.date));
  return { name: fields.name, timeZone: fields.timeZone, weeklyHours, holidays };
}

const calendarOf = (row: CalendarRow): TBusinessCalendar => ({
  ...row,
  isAroundTheClock: isAroundTheClock(row),
});
const calendarNotFound = () => notFound(SLA_MESSAGES.calendarNotFound);

/** Every business calendar by name, with whether it runs around the clock and how many policies use it. */
export async function listBusinessCalendars(): Promise<TBusinessCalendar[]> {
  return (await selectCalendars(sql)).map(calendarOf);
}

/** Creates a calendar (name unique whatever its case) with a 'business_calendar.created' audit row. */
export function createBusinessCalendar(
  actor: Actor,
  input: z.output<typeof ZCreateBusinessCalendarRequest>,
): Promise<TBusinessCalendar> {
  return inTransaction(async (tx) => {
    const row = await insertCalendar(tx, tidyCalendar(input));
    await insertAdminActionEntry(tx, actor, 'business_calendar.created', {
      calendarId: row.id,
      name: row.name,
      timeZone: row.timeZone,
    });
    return calendarOf(row);
  });
}

/**
 * Changes a calendar's name, zone, weekly hours or holidays, auditing each changed field's before
 * and after. Deadlines already set stay as they are (docs/product.md#sla).
 */
export function changeBusinessCalendar(
  actor: Actor,
  calendarId: string,
  input: z.output<typeof ZUpdateBusinessCalendarRequest>,
): Promise<TBusinessCalendar> {
  return inTransaction(async (tx) => {
    const current = await selectCalendarByIdForUpdate(tx, calendarId);
    if (!current) throw calendarNotFound();
    const next = tidyCalendar({
      name: input.name ?? current.name,
      timeZone: input.timeZone ?? current.timeZone,
      weeklyHours: input.weeklyHours ?? current.weeklyHours,
      holidays: input.holidays ?? current.holidays,
    });
    const changes = changesOf(tidyCalendar(current), next, ['name', 'timeZone', 'weeklyHours', 'holidays']);
    if (Object.keys(changes).length === 0) return calendarOf(current);
    const updated = await updateCalendar(tx, calendarId, next);
    await insertAdminActionEntry(tx, actor, 'business_calendar.updated', {
      calendarId,
      name: updated.name,
      changes,
    });
    return calendarOf(updated);
  });
}

/** Deletes a calendar no policy (active or not) counts in; one in use is 409. Audited. */
export function removeBusinessCalendar(actor: Actor, calendarId: string): Promise<void> {
  return inTransaction(async (tx) => {
    const calendar = await selectCalendarByIdForUpdate(tx, calendarId);
    if (!calendar) throw calendarNotFound();
    if (calendar.policyCount > 0) throw conflict(SLA_MESSAGES.calendarInUse);
    await deleteCalendar(tx, calendarId);
    await insertAdminActionEntry(tx, actor, 'business_calendar.deleted', {
      calendarId,
      name: calendar.name,
      timeZone: calendar.timeZone,
    });
  });
}

// Policies

const policyOf = (row: PolicyRow): TSlaPolicy => ({
  id: row.id,
  name: row.name,
  priority: row.priority,
  responseTimeHours: row.responseMinutes / 60,
  resolutionTimeHours: row.resolutionMinutes / 60,
  isActive: row.isActive,
  teamId: row.teamId,
  team: row.teamId === null ? null : { id: row.teamId, name: row.teamName ?? '' },
  category: row.category,
  calendarId: row.calendarId,
  calendar: row.calendarId === null ? null : { id: row.calendarId, name: row.calendarName ?? '' },
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

const POLICY_FIELDS = [
  'name',
  'priority',
  'responseMinutes',
  'resolutionMinutes',
  'isActive',
  'teamId',
  'category',
  'calendarId',
] as const satisfies readonly (keyof PolicyFields)[];

/**
 * The team and calendar a policy names must exist (a team may be inactive: its policy simply waits
 * for its tickets), else 400 and nothing is written. Only references that change are looked up.
 */
async function checkReferences(tx: Db, next: PolicyFields, current: PolicyFields | null): Promise<void> {
  if (next.teamId !== null && next.teamId !== current?.teamId && !(await lockTeamIfExists(tx, next.teamId))) {
    throw badRequest(SLA_MESSAGES.teamNotFound, { teamId: SLA_MESSAGES.teamNotFound });
  }
  const isNewCalendar = next.calendarId !== null && next.calendarId !== current?.calendarId;
  if (isNewCalendar && next.calendarId !== null && !(await lockCalendarIfExists(tx, next.calendarId))) {
    throw badRequest(SLA_MESSAGES.calendarNotFound, { calendarId: SLA_MESSAGES.calendarNotFound });
  }
}

/** Every SLA policy by name, active or not, with its team and calendar. */
export async function listSlaPolicies(): Promise<TSlaPolicy[]> {
  return (await selectPolicies(sql)).map(policyOf);
}

/**
 * Creates a policy with an 'sla_policy.created' audit row. Its team and calendar must exist; a
 * second active policy for the same priority, team and category is 409.
 */
export function createSlaPolicy(
  actor: Actor,
  input: z.output<typeof ZCreateSlaPolicyRequest>,
): Promise<TSlaPolicy> {
  const fields: PolicyFields = {
    name: input.name,
    priority: input.priority,
    responseMinutes: targetMinutes(input.responseTimeHours),
    resolutionMinutes: targetMinutes(input.resolutionTimeHours),
    isActive: input.isActive,
    teamId: input.teamId ?? null,
    category: input.category ?? null,
    calendarId: input.calendarId ?? null,
  };
  return inTransaction(async (tx) => {
    await checkReferences(tx, fields, null);
    const row = await insertPolicy(tx, fields);
    await insertAdminActionEntry(tx, actor, 'sla_policy.created', { policyId: row.id, ...fields });
    return policyOf(row);
  });
}

/**
 * Changes a policy; the rules of creating one hold for the merged result (resolution not shorter
 * than response, references that exist, one active policy per match). Each changed field is audited
 * with its before and after. Tickets already filed keep their deadlines (docs/product.md#sla).
 */
export function changeSlaPolicy(
  actor: Actor,
  policyId: string,
  input: z.output<typeof ZUpdateSlaPolicyRequest>,
): Promise<TSlaPolicy> {
  return inTransaction(async (tx) => {
    const current = await selectPolicyByIdForUpdate(tx, policyId);
    if (!current) throw notFound(SLA_MESSAGES.policyNotFound);
    const next: PolicyFields = {
      name: input.name ?? current.name,
      priority: input.priority ?? current.priority,
      responseMinutes:
        input.responseTimeHours === undefined
          ? current.responseMinutes
          : targetMinutes(input.responseTimeHours),
      resolutionMinutes:
        input.resolutionTimeHours === undefined
          ? current.resolutionMinutes
          : targetMinutes(input.resolutionTimeHours),
      isActive: input.isActive ?? current.isActive,
      teamId: input.teamId === undefined ? current.teamId : input.teamId,
      category: input.category === undefined ? current.category : input.category,
      calendarId: input.calendarId === undefined ? current.calendarId : input.calendarId,
    };
    if (next.resolutionMinutes < next.responseMinutes) {
      throw badRequest(SLA_MESSAGES.resolutionBeforeResponse, {
        resolutionTimeHours: SLA_MESSAGES.resolutionBeforeResponse,
      });
    }
    await checkReferences(tx, next, current);
    const changes = changesOf(current, next, POLICY_FIELDS);
    if (Object.keys(changes).length === 0) return policyOf(current);
    const updated = await updatePolicy(tx, policyId, next);
    await insertAdminActionEntry(tx, actor, 'sla_policy.updated', { policyId, name: updated.name, changes });
    return policyOf(updated);
  });
}
