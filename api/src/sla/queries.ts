import type { THoliday, TTicketCategory, TTicketPriority, TWeeklyHours } from '@helpdesk/contracts';
import type { PendingQuery, Row } from 'postgres';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';

/** A policy with its calendar as one JSON value (`policyJson`); the calendar is null around the clock. */
export type PolicyRow = {
  id: string;
  name: string;
  responseMinutes: number;
  resolutionMinutes: number;
  calendar: {
    id: string;
    name: string;
    timeZone: string;
    weeklyHours: TWeeklyHours;
    holidays: THoliday[];
  } | null;
};

/** Policy `p` left-joined with calendar `c` as a PolicyRow (null when there is no `p`). */
export const policyJson = () => sql`
  case when p.id is null then null else json_build_object(
    'id', p.id, 'name', p.name, 'responseMinutes', p.response_minutes,
    'resolutionMinutes', p.resolution_minutes,
    'calendar', case when c.id is null then null else json_build_object(
      'id', c.id, 'name', c.name, 'timeZone', c.time_zone, 'weeklyHours', c.weekly_hours,
      'holidays', c.holidays) end) end`;

/**
 * The policy that applies to a ticket, as a scalar subquery: among the active policies of its
 * priority, those whose team and category are unset or equal the ticket's; the most specific
 * wins (team and category, team, category, priority alone). The unique active
 * (priority, team_id, category) index makes the winner unique and finds the few candidates.
 */
export const matchingPolicy = (match: {
  priority: PendingQuery<Row[]>;
  teamId: PendingQuery<Row[]>;
  category: PendingQuery<Row[]>;
}) => sql`
  (select ${policyJson()}
   from sla_policies p left join business_calendars c on c.id = p.calendar_id
   where p.is_active and p.priority = ${match.priority}
     and (p.team_id is null or p.team_id = ${match.teamId})
     and (p.category is null or p.category = ${match.category})
   order by (p.team_id is not null) desc, (p.category is not null) desc
   limit 1)`;

/** An active policy with what it is matched on (policy-match.ts's matchPolicy), as the policy cache keeps it. */
export type ActivePolicy = PolicyRow & {
  priority: TTicketPriority;
  teamId: string | null;
  category: TTicketCategory | null;
};

/** Every active policy with its calendar as one JSON array column (ActivePolicy[]), for a filing's first statement to read for the cache. */
export const activePoliciesColumn = () => sql`
  (select coalesce(json_agg(${policyJson()}::jsonb || jsonb_build_object(
            'priority', p.priority, 'teamId', p.team_id, 'category', p.category)), '[]'::json)
   from sla_policies p left join business_calendars c on c.id = p.calendar_id
   where p.is_active)`;

/** The policy with id `id` (active or not) with its calendar, as a scalar subquery (null when none). */
export const policyById = (id: PendingQuery<Row[]>) => sql`
  (select ${policyJson()} from sla_policies p left join business_calendars c on c.id = p.calendar_id
   where p.id = ${id})`;

/** A policy with its calendar by id, active or not (null: there is none). */
export async function selectPolicyById(db: Db, id: string): Promise<PolicyRow | null> {
  const [row] = await db<{ policy: PolicyRow | null }[]>`select ${policyById(sql`${id}::uuid`)} as policy`;
  return row?.policy ?? null;
}

/** The policy that applies to (priority, team, category) with its calendar, in one indexed read. */
export async function selectMatchingPolicy(
  db: Db,
  match: { priority: TTicketPriority; teamId: string | null; category: TTicketCategory },
): Promise<PolicyRow | null> {
  const [row] = await db<{ policy: PolicyRow | null }[]>`
    select ${matchingPolicy({
      priority: sql`${match.priority}`,
      teamId: sql`${match.teamId}::uuid`,
      category: sql`${match.category}`,
    })} as policy`;
  return row?.policy ?? null;
}
