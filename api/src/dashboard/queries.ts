import type { TDashboardMetrics } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';

/** null: the whole desk (staff); a user id: only the tickets that user requested (an end user). */
export type DashboardScope = { requesterId: string | null };

const scoped = (scope: DashboardScope) =>
  scope.requesterId === null ? sql`` : sql`and t.requester_id = ${scope.requesterId}`;

/**
 * The four numbers, each from its own index-backed subquery (open tickets and their deadlines:
 * the partial indexes of 00014; resolved and responded: the indexes on those times; an end user:
 * requester_id).
 * Days are UTC days. A breach counts tickets, not targets: an open ticket past either deadline
 * (resolution, or response while still unanswered), or a ticket resolved or first answered after
 * its deadline in the last 30 days; a ticket with both counts once.
 */
export async function selectDashboardMetrics(db: Db, scope: DashboardScope): Promise<TDashboardMetrics> {
  const [row] = await db<TDashboardMetrics[]>`
    select
      (select count(*)::int from tickets t
        where t.status in ('new', 'in_progress') ${scoped(scope)}) as "openTickets",
      (select count(*)::int from tickets t
        where t.resolved_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' ${scoped(scope)})
        as "resolvedToday",
      (select coalesce(round((avg(extract(epoch from t.resolved_at - t.created_at)) / 3600)::numeric, 1), 0)::float8
        from tickets t where t.resolved_at >= now() - interval '30 days' ${scoped(scope)}) as "avgResolutionHours",
      (select count(*)::int from (
        select t.id from tickets t
          where t.status in ('new', 'in_progress') and t.sla_resolve_by <= now() ${scoped(scope)}
        union
        select t.id from tickets t
          where t.status in ('new', 'in_progress') and t.responded_at is null and t.sla_response_by <= now()
            ${scoped(scope)}
        union
        select t.id from tickets t
          where t.resolved_at >= now() - interval '30 days' and t.resolved_at > t.sla_resolve_by ${scoped(scope)}
        union
        select t.id from tickets t
          where t.responded_at >= now() - interval '30 days' and t.responded_at > t.sla_response_by ${scoped(scope)}
      ) breaches) as "slaBreaches"`;
  return row ?? { openTickets: 0, resolvedToday: 0, avgResolutionHours: 0, slaBreaches: 0 };
}

export type SlaCounts = {
  withTargets: number;
  responseMet: number;
  responseBreached: number;
  resolutionMet: number;
  resolutionBreached: number;
};

/**
 * Over tickets created in the last 30 days: per target, met on time versus breached (done late,
 * or not done and past the deadline). Targets still running count as neither.
 */
export async function selectSlaCounts(db: Db, scope: DashboardScope): Promise<SlaCounts> {
  const [row] = await db<SlaCounts[]>`
    select
      count(*) filter (where t.sla_response_by is not null or t.sla_resolve_by is not null)::int as "withTargets",
      count(*) filter (where t.responded_at <= t.sla_response_by)::int as "responseMet",
      count(*) filter (where t.responded_at > t.sla_response_by
                          or (t.responded_at is null and t.sla_response_by <= now()))::int as "responseBreached",
      count(*) filter (where t.resolved_at <= t.sla_resolve_by)::int as "resolutionMet",
      count(*) filter (where t.resolved_at > t.sla_resolve_by
                          or (t.resolved_at is null and t.sla_resolve_by <= now()))::int as "resolutionBreached"
    from tickets t
    where t.created_at >= now() - interval '30 days' ${scoped(scope)}`;
  return (
    row ?? { withTargets: 0, responseMet: 0, responseBreached: 0, resolutionMet: 0, resolutionBreached: 0 }
  );
}

/** A staff member's latest ticket event. */
export type ActivityRow = {
  userId: string;
  firstName: string;
  lastName: string;
  eventType: string;
  eventData: Record<string, unknown>;
  createdAt: string;
  ticketNumber: string;
};

/**
 * Active agents and admins with their latest ticket event of the last 7 days, newest first: one
 * index probe per staff member (ticket_events by user and time), however many events exist.
 */
export function selectStaffActivity(db: Db, limit: number): Promise<ActivityRow[]> {
  return db<ActivityRow[]>`
    select u.id as "userId", u.first_name as "firstName", u.last_name as "lastName",
           ev.event_type as "eventType", ev.event_data as "eventData", ev.created_at as "createdAt",
           t.ticket_number as "ticketNumber"
    from users u
    cross join lateral (
      select e.event_type, e.event_data, e.created_at, e.ticket_id
      from ticket_events e
      where e.user_id = u.id and e.created_at >= now() - interval '7 days'
      order by e.created_at desc, e.id desc
      limit 1
    ) ev
    join tickets t on t.id = ev.ticket_id
    where u.role in ('agent', 'admin') and u.status = 'active'
    order by ev.created_at desc, u.id
    limit ${limit}`;
}

/**
 * The same, seen by an end user: only events on tickets they requested, and never an event about
 * an internal note (its time alone would tell them one was written).
 */
export function selectStaffActivityOnRequesterTickets(
  db: Db,
  requesterId: string,
  limit: number,
): Promise<ActivityRow[]> {
  return db<ActivityRow[]>`
    select * from (
      select distinct on (e.user_id)
             u.id as "userId", u.first_name as "firstName", u.last_name as "lastName",
             e.event_type as "eventType", e.event_data as "eventData", e.created_at as "createdAt",
             t.ticket_number as "ticketNumber"
      from tickets t
      join ticket_events e on e.ticket_id = t.id
      join users u on u.id = e.user_id
      where t.requester_id = ${requesterId}
        and e.created_at >= now() - interval '7 days'
        and coalesce(e.event_data ->> 'isInternal', 'false') <> 'true'
        and u.role in ('agent', 'admin') and u.status = 'active'
      order by e.user_id, e.created_at desc, e.id desc
    ) latest
    order by "createdAt" desc, "userId"
    limit ${limit}`;
}
