import type { TDashboardMetrics } from '@helpdesk/contracts';
import { literalLimit } from '../db/literal-limit.ts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';

/** null: the whole desk (staff); a user id: only the tickets that user requested (an end user). */
export type DashboardScope = { requesterId: string | null };

const scoped = (scope: DashboardScope) =>
  scope.requesterId === null ? sql`` : sql`and t.requester_id = ${scope.requesterId}`;

/**
 * The four numbers for the whole desk, from the counters of migration 00030 (kept by a trigger in
 * the same transaction as every ticket change), so the cost follows the clock, not the table:
 * the 'total' slots, the day and hour buckets of the last 30 days and of the deadlines still ahead,
 * and, at each end, the tickets of one partial hour through the resolved_at, responded_at and
 * open-deadline indexes. `at` replaces now() (tests read the counters at chosen times).
 * Breaches: open tickets with a deadline - those whose deadline is still ahead ("due") + those
 * late in the last 30 days ("late"), each counting only tickets that have a gap between the two
 * (the migration explains why that is exactly the documented count).
 * 720 hours is the 30 days of the end user's query: the API's sessions are UTC.
 */
export async function selectDeskMetrics(db: Db, at?: string): Promise<TDashboardMetrics> {
  const clock = at === undefined ? sql`now()` : sql`${at}::timestamptz`;
  // b is not materialized so each bound stays an expression of now(): the planner can then use it
  // as an index condition and estimate it (a materialized CTE's values are unknown at plan time,
  // and it chose to read every open ticket instead of one hour of them).
  const [row] = await db<TDashboardMetrics[]>`
    with b as not materialized (
      select at, at - interval '720 hours' as since,
             date_trunc('hour', at - interval '720 hours', 'UTC') as since_hour,
             date_trunc('day', at - interval '720 hours', 'UTC') as since_day,
             date_trunc('hour', at, 'UTC') as now_hour,
             date_trunc('day', at, 'UTC') as today
      from (select ${clock} as at) clock
    ), counted as (
      select
        coalesce(sum(c.open_tickets), 0) as open_tickets,
        coalesce(sum(c.open_with_deadline), 0) as open_with_deadline,
        coalesce(sum(c.resolved) filter (where c.period = 'day' and c.starts_at >= b.today), 0) as resolved_today,
        coalesce(sum(c.resolved) filter (where w.is_recent), 0) as resolved,
        coalesce(sum(c.resolution_seconds) filter (where w.is_recent), 0) as resolution_seconds,
        coalesce(sum(c.late) filter (where w.is_recent), 0) as late,
        coalesce(sum(c.due) filter (where w.is_ahead), 0) as due
      from b
      join ticket_counters c
        on c.period = 'total'
        or (c.period = 'day' and c.starts_at > b.since_day)
        or (c.period = 'hour' and c.starts_at > b.since_hour and c.starts_at < b.since_day + interval '24 hours')
        or (c.period = 'hour' and c.starts_at > b.now_hour and c.starts_at < b.today + interval '24 hours')
      cross join lateral (
        select (c.period = 'day' and c.starts_at > b.since_day)
                 or (c.period = 'hour' and c.starts_at > b.since_hour
                     and c.starts_at < b.since_day + interval '24 hours') as is_recent,
               (c.period = 'day' and c.starts_at > b.today)
                 or (c.period = 'hour' and c.starts_at > b.now_hour
                     and c.starts_at < b.today + interval '24 hours') as is_ahead
      ) w
    ), resolved_head as (
      select count(*) as resolved,
             coalesce(sum(extract(epoch from t.resolved_at - t.created_at)), 0) as resolution_seconds
      from b join tickets t
        on t.resolved_at >= b.since and t.resolved_at < b.since_hour + interval '1 hour'
    ), late_head as (
      select count(*) as late
      from b join tickets t
        on ((t.resolved_at >= b.since and t.resolved_at < b.since_hour + interval '1 hour')
            or (t.responded_at >= b.since and t.responded_at < b.since_hour + interval '1 hour'))
      cross join lateral (
        select ticket_late_at(t.sla_response_by, t.sla_resolve_by, t.responded_at, t.resolved_at) as late_at,
               ticket_breach_at(t.status, t.sla_response_by, t.sla_resolve_by, t.responded_at) as breach_at
      ) k
      where k.late_at >= b.since and k.late_at < b.since_hour + interval '1 hour'
        and ticket_has_quiet_gap(k.breach_at, k.late_at)
    ), due_head as (
      select count(*) as due
      from b join tickets t
        on t.status in ('new', 'in_progress')
        and ((t.sla_resolve_by > b.at and t.sla_resolve_by < b.now_hour + interval '1 hour')
             or (t.responded_at is null and t.sla_response_by > b.at
                 and t.sla_response_by < b.now_hour + interval '1 hour'))
      cross join lateral (
        select ticket_late_at(t.sla_response_by, t.sla_resolve_by, t.responded_at, t.resolved_at) as late_at,
               ticket_breach_at(t.status, t.sla_response_by, t.sla_resolve_by, t.responded_at) as breach_at
      ) k
      where k.breach_at > b.at and k.breach_at < b.now_hour + interval '1 hour'
        and ticket_has_quiet_gap(k.breach_at, k.late_at)
    )
    select c.open_tickets::int as "openTickets",
           c.resolved_today::int as "resolvedToday",
           (case when c.resolved + r.resolved = 0 then 0
                 else round(((c.resolution_seconds + r.resolution_seconds) / (c.resolved + r.resolved)) / 3600, 1)
            end)::float8 as "avgResolutionHours",
           (c.open_with_deadline - (c.due + d.due) + (c.late + l.late))::int as "slaBreaches"
    from counted c, resolved_head r, late_head l, due_head d`;
  return row ?? { openTickets: 0, resolvedToday: 0, avgResolutionHours: 0, slaBreaches: 0 };
}

/**
 * The four numbers over one requester's tickets, each from its own subquery on the requester's
 * indexes, so the cost is that person's ticket count. Days are UTC days. A breach counts tickets,
 * not targets: an open ticket past either deadline (resolution, or response while still
 * unanswered), or a ticket resolved or first answered after its deadline in the last 30 days; a
 * ticket with both counts once.
 */
export async function selectRequesterMetrics(db: Db, requesterId: string): Promise<TDashboardMetrics> {
  const [row] = await db<TDashboardMetrics[]>`
    select
      (select count(*)::int from tickets t
        where t.status in ('new', 'in_progress') and t.requester_id = ${requesterId}) as "openTickets",
      (select count(*)::int from tickets t
        where t.resolved_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
          and t.requester_id = ${requesterId}) as "resolvedToday",
      (select coalesce(round((avg(extract(epoch from t.resolved_at - t.created_at)) / 3600)::numeric, 1), 0)::float8
        from tickets t where t.resolved_at >= now() - interval '30 days' and t.requester_id = ${requesterId})
        as "avgResolutionHours",
      (select count(*)::int from tickets t
        where t.requester_id = ${requesterId}
          and ((t.status in ('new', 'in_progress')
                and (t.sla_resolve_by <= now() or (t.responded_at is null and t.sla_response_by <= now())))
               or (t.resolved_at >= now() - interval '30 days' and t.resolved_at > t.sla_resolve_by)
               or (t.responded_at >= now() - interval '30 days' and t.responded_at > t.sla_response_by)))
        as "slaBreaches"`;
  return row ?? { openTickets: 0, resolvedToday: 0, avgResolutionHours: 0, slaBreaches: 0 };
}

/** The four numbers: the whole desk's for staff (null), one requester's own for an end user. */
export function selectDashboardMetrics(db: Db, scope: DashboardScope): Promise<TDashboardMetrics> {
  return scope.requesterId === null ? selectDeskMetrics(db) : selectRequesterMetrics(db, scope.requesterId);
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
    limit ${literalLimit(limit)}`;
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
    limit ${literalLimit(limit)}`;
}
