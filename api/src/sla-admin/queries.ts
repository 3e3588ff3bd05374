import type { THoliday, TTicketCategory, TTicketPriority, TWeeklyHours } from '@helpdesk/contracts';
import type postgres from 'postgres';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';

/** A business_calendars row with how many policies (active or not) count in it. */
export type CalendarRow = {
  id: string;
  name: string;
  timeZone: string;
  weeklyHours: TWeeklyHours;
  holidays: THoliday[];
  policyCount: number;
  createdAt: string;
  updatedAt: string;
};

export type CalendarFields = Pick<CalendarRow, 'name' | 'timeZone' | 'weeklyHours' | 'holidays'>;

/** An sla_policies row in minutes, with the names of its team and calendar. */
export type PolicyRow = {
  id: string;
  name: string;
  priority: TTicketPriority;
  responseMinutes: number;
  resolutionMinutes: number;
  isActive: boolean;
  teamId: string | null;
  teamName: string | null;
  category: TTicketCategory | null;
  calendarId: string | null;
  calendarName: string | null;
  createdAt: string;
  updatedAt: string;
};

export type PolicyFields = Pick<
  PolicyRow,
  | 'name'
  | 'priority'
  | 'responseMinutes'
  | 'resolutionMinutes'
  | 'isActive'
  | 'teamId'
  | 'category'
  | 'calendarId'
>;

const calendarColumns = () => sql`
  c.id, c.name, c.time_zone as "timeZone", c.weekly_hours as "weeklyHours", c.holidays,
  (select count(*)::int from sla_policies p where p.calendar_id = c.id) as "policyCount",
  c.created_at as "createdAt", c.updated_at as "updatedAt"`;

const asJson = (db: Db, value: unknown) => db.json(value as postgres.JSONValue);

export function selectCalendars(db: Db): Promise<CalendarRow[]> {
  return db<
    CalendarRow[]
  >`select ${calendarColumns()} from business_calendars c order by lower(c.name), c.id`;
}

export async function selectCalendarById(db: Db, calendarId: string): Promise<CalendarRow | null> {
  const [row] = await db<CalendarRow[]>`
    select ${calendarColumns()} from business_calendars c where c.id = ${calendarId}`;
  return row ?? null;
}

/**
 * The calendar row locked until the transaction ends: a policy being pointed at it (which takes a
 * key-share lock on it) waits, so a delete never races a new user of the calendar.
 */
export async function selectCalendarByIdForUpdate(db: Db, calendarId: string): Promise<CalendarRow | null> {
  const [row] = await db<CalendarRow[]>`
    select ${calendarColumns()} from business_calendars c where c.id = ${calendarId} for update of c`;
  return row ?? null;
}

export async function insertCalendar(db: Db, calendar: CalendarFields): Promise<CalendarRow> {
  const [row] = await db<{ id: string }[]>`
    insert into business_calendars (name, time_zone, weekly_hours, holidays)
    values (${calendar.name}, ${calendar.timeZone}, ${asJson(db, calendar.weeklyHours)},
            ${asJson(db, calendar.holidays)})
    returning id`;
  const created = row ? await selectCalendarById(db, row.id) : null;
  if (!created) throw new Error('insert into business_calendars returned no row');
  return created;
}

export async function updateCalendar(
  db: Db,
  calendarId: string,
  calendar: CalendarFields,
): Promise<CalendarRow> {
  await db`
    update business_calendars
    set name = ${calendar.name}, time_zone = ${calendar.timeZone},
        weekly_hours = ${asJson(db, calendar.weeklyHours)}, holidays = ${asJson(db, calendar.holidays)}
    where id = ${calendarId}`;
  const updated = await selectCalendarById(db, calendarId);
  if (!updated) throw new Error(`business calendar ${calendarId} vanished inside its own transaction`);
  return updated;
}

export async function deleteCalendar(db: Db, calendarId: string): Promise<void> {
  await db`delete from business_calendars where id = ${calendarId}`;
}

const policyColumns = () => sql`
  p.id, p.name, p.priority, p.response_minutes as "responseMinutes",
  p.resolution_minutes as "resolutionMinutes", p.is_active as "isActive",
  p.team_id as "teamId", t.name as "teamName", p.category,
  p.calendar_id as "calendarId", c.name as "calendarName",
  p.created_at as "createdAt", p.updated_at as "updatedAt"`;

const policyJoins = () => sql`
  left join teams t on t.id = p.team_id
  left join business_calendars c on c.id = p.calendar_id`;

export function selectPolicies(db: Db): Promise<PolicyRow[]> {
  return db<PolicyRow[]>`
    select ${policyColumns()} from sla_policies p ${policyJoins()} order by lower(p.name), p.id`;
}

export async function selectPolicyById(db: Db, policyId: string): Promise<PolicyRow | null> {
  const [row] = await db<PolicyRow[]>`
    select ${policyColumns()} from sla_policies p ${policyJoins()} where p.id = ${policyId}`;
  return row ?? null;
}

export async function selectPolicyByIdForUpdate(db: Db, policyId: string): Promise<PolicyRow | null> {
  const [row] = await db<PolicyRow[]>`
    select ${policyColumns()} from sla_policies p ${policyJoins()} where p.id = ${policyId} for update of p`;
  return row ?? null;
}

/** Whether a calendar exists, key-share locked like teams' lockTeamIfExists (a delete of it waits). */
export async function lockCalendarIfExists(db: Db, calendarId: string): Promise<boolean> {
  const rows = await db`select 1 from business_calendars where id = ${calendarId} for key share`;
  return rows.length > 0;
}

export async function insertPolicy(db: Db, policy: PolicyFields): Promise<PolicyRow> {
  const [row] = await db<{ id: string }[]>`
    insert into sla_policies
      (name, priority, response_minutes, resolution_minutes, is_active, team_id, category, calendar_id)
    values (${policy.name}, ${policy.priority}, ${policy.responseMinutes}, ${policy.resolutionMinutes},
            ${policy.isActive}, ${policy.teamId}, ${policy.category}, ${policy.calendarId})
    returning id`;
  const created = row ? await selectPolicyById(db, row.id) : null;
  if (!created) throw new Error('insert into sla_policies returned no row');
  return created;
}

export async function updatePolicy(db: Db, policyId: string, policy: PolicyFields): Promise<PolicyRow> {
  await db`
    update sla_policies
    set name = ${policy.name}, priority = ${policy.priority}, response_minutes = ${policy.responseMinutes},
        resolution_minutes = ${policy.resolutionMinutes}, is_active = ${policy.isActive},
        team_id = ${policy.teamId}, category = ${policy.category}, calendar_id = ${policy.calendarId}
    where id = ${policyId}`;
  const updated = await selectPolicyById(db, policyId);
  if (!updated) throw new Error(`SLA policy ${policyId} vanished inside its own transaction`);
  return updated;
}
