import type { TReportBucket, TTicketCategory, TTicketPriority } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';

/**
 * A report's time window: buckets are local calendar days or months in `timeZone`; the window
 * starts at the first bucket's local midnight and ends at `to` (the moment of the report).
 */
export type ReportWindow = {
  unit: TReportBucket;
  timeZone: string;
  /** ISO instants. */
  from: string;
  to: string;
  /** Every bucket's local start date, 'YYYY-MM-DD', oldest first. */
  buckets: string[];
  /** The instant each bucket starts (its local midnight), in the same order. */
  bucketStarts: string[];
};

/** Computes the window of `count` buckets ending with the one holding `asOf` (null: now). */
export async function selectReportWindow(
  db: Db,
  options: { unit: TReportBucket; count: number; timeZone: string; asOf: string | null },
): Promise<ReportWindow> {
  const step = `1 ${options.unit}`;
  const [row] = await db<{ from: string; to: string; buckets: string[]; bucketStarts: string[] }[]>`
    with base as (
      select coalesce(${options.asOf}::timestamptz, now()) as to_at
    ), local as (
      select to_at,
             date_trunc(${options.unit}, to_at at time zone ${options.timeZone}) as last_local,
             date_trunc(${options.unit}, to_at at time zone ${options.timeZone})
               - (${options.count - 1} * ${step}::interval) as first_local
      from base
    )
    select first_local at time zone ${options.timeZone} as "from",
           to_at as "to",
           array(select to_char(b, 'YYYY-MM-DD')
                 from generate_series(first_local, last_local, ${step}::interval) b order by b) as buckets,
           array(select b at time zone ${options.timeZone}
                 from generate_series(first_local, last_local, ${step}::interval) b order by b)::text[]
             as "bucketStarts"
    from local`;
  if (!row) throw new Error('no row from the report window query');
  return { unit: options.unit, timeZone: options.timeZone, ...row };
}

/**
 * The window's buckets as rows (date, start_at, end_at; the last one open-ended, the window's end
 * is applied separately). Tickets are joined to them by range, so each bucket is an index range
 * scan and no row needs a timezone conversion.
 */
const bucketsCte = (w: ReportWindow) => sql`
  buckets as (
    select b.date, b.start_at,
           coalesce(lead(b.start_at) over (order by b.start_at), 'infinity'::timestamptz) as end_at
    from unnest(${w.bucketStarts}::timestamptz[], ${w.buckets}::text[]) as b(start_at, date)
  )`;

const hoursAvg = (interval: ReturnType<typeof sql>) =>
  sql`round((avg(extract(epoch from ${interval})) / 3600)::numeric, 1)::float8`;
const hoursMedian = (interval: ReturnType<typeof sql>) =>
  sql`round((percentile_cont(0.5) within group (order by extract(epoch from ${interval})) / 3600)::numeric, 1)::float8`;

/**
 * SLA outcome counts (the dashboard's rule): met = done by the deadline; breached = done late, or
 * not done and the deadline passed before the report's moment.
 */
const slaCounts = (w: ReportWindow) => sql`
  count(*) filter (where t.responded_at <= t.sla_response_by)::int as "responseMet",
  count(*) filter (where t.responded_at > t.sla_response_by
                      or (t.responded_at is null and t.sla_response_by <= ${w.to}))::int as "responseBreached",
  count(*) filter (where t.resolved_at <= t.sla_resolve_by)::int as "resolutionMet",
  count(*) filter (where t.resolved_at > t.sla_resolve_by
                      or (t.resolved_at is null and t.sla_resolve_by <= ${w.to}))::int as "resolutionBreached"`;

export type SlaCountRow = {
  responseMet: number;
  responseBreached: number;
  resolutionMet: number;
  resolutionBreached: number;
};

/** Which grouping a row of a grouping-sets query belongs to. */
export type GroupLevel = 'bucket' | 'split' | 'total';
const levelOf = (a: ReturnType<typeof sql>, b: ReturnType<typeof sql>) =>
  sql`case grouping(${a}, ${b}) when 1 then 'bucket' when 2 then 'split' else 'total' end`;

export type CreatedStatsRow = SlaCountRow & {
  level: GroupLevel;
  date: string | null;
  priority: TTicketPriority | null;
  created: number;
  stillOpen: number;
} & Record<TTicketCategory, number> &
  Record<TTicketPriority, number>;

/**
 * Tickets created in the window, in one pass over the covering index of 00023: per bucket, per
 * priority ('split') and in total, each with counts by category and priority, the still-open
 * count and the SLA outcomes.
 */
export function selectCreatedStats(db: Db, w: ReportWindow): Promise<CreatedStatsRow[]> {
  return db<CreatedStatsRow[]>`
    with ${bucketsCte(w)}
    select ${levelOf(sql`b.date`, sql`t.priority`)} as level, b.date, t.priority,
           count(*)::int as created,
           count(*) filter (where t.status in ('new', 'in_progress'))::int as "stillOpen",
           count(*) filter (where t.category = 'technical')::int as technical,
           count(*) filter (where t.category = 'access')::int as access,
           count(*) filter (where t.category = 'software')::int as software,
           count(*) filter (where t.category = 'hardware')::int as hardware,
           count(*) filter (where t.category = 'other')::int as other,
           count(*) filter (where t.priority = 'low')::int as low,
           count(*) filter (where t.priority = 'medium')::int as medium,
           count(*) filter (where t.priority = 'high')::int as high,
           count(*) filter (where t.priority = 'critical')::int as critical,
           ${slaCounts(w)}
    from buckets b
    join tickets t on t.created_at >= b.start_at and t.created_at < b.end_at and t.created_at <= ${w.to}
    group by grouping sets ((b.date), (t.priority), ())`;
}

export type DurationStatsRow = {
  level: GroupLevel;
  date: string | null;
  /** The assignee ('split' rows; null there means unassigned). */
  assigneeId: string | null;
  count: number;
  avgHours: number | null;
};

type DurationEvent = 'resolved_at' | 'responded_at';

/**
 * Tickets whose `event` time (resolved_at or responded_at) falls in the window, in one pass over
 * that column's covering index (00023): how many, and the mean hours from creation to the event,
 * per bucket of the event, per assignee ('split') and in total.
 */
export function selectDurationStats(
  db: Db,
  w: ReportWindow,
  event: DurationEvent,
): Promise<DurationStatsRow[]> {
  const at = sql(event);
  return db<DurationStatsRow[]>`
    with ${bucketsCte(w)}
    select ${levelOf(sql`b.date`, sql`t.assignee_id`)} as level, b.date, t.assignee_id as "assigneeId",
           count(*)::int as count, ${hoursAvg(sql`t.${at} - t.created_at`)} as "avgHours"
    from buckets b
    join tickets t on t.${at} >= b.start_at and t.${at} < b.end_at and t.${at} <= ${w.to}
    group by grouping sets ((b.date), (t.assignee_id), ())`;
}

export type MedianRow = { assigneeId: string | null; isTotal: boolean; medianHours: number | null };

/**
 * Median hours from creation to `event` over tickets whose event falls in the window, per
 * assignee and in total. A separate statement: an ordered-set aggregate sorts its group, so it is
 * kept off the per-bucket grouping (and the overview, which shows no median).
 */
export function selectDurationMedians(db: Db, w: ReportWindow, event: DurationEvent): Promise<MedianRow[]> {
  const at = sql(event);
  return db<MedianRow[]>`
    select t.assignee_id as "assigneeId", grouping(t.assignee_id) = 1 as "isTotal",
           ${hoursMedian(sql`t.${at} - t.created_at`)} as "medianHours"
    from tickets t
    where t.${at} >= ${w.from} and t.${at} <= ${w.to}
    group by grouping sets ((t.assignee_id), ())`;
}

export type StaffRow = { agentId: string; name: string; openAssigned: number };

/**
 * Active agents and admins plus the given users (who resolved tickets in the window), each with
 * the open tickets assigned to them now (the partial index of 00023).
 */
export function selectStaffWithOpenCounts(db: Db, alsoUserIds: readonly string[]): Promise<StaffRow[]> {
  return db<StaffRow[]>`
    select u.id as "agentId", u.first_name || ' ' || u.last_name as name,
           (select count(*)::int from tickets t
             where t.assignee_id = u.id and t.status in ('new', 'in_progress')) as "openAssigned"
    from users u
    where (u.role in ('agent', 'admin') and u.status = 'active') or u.id = any(${[...alsoUserIds]}::uuid[])`;
}
