-- Dashboard counters (issue 10). The desk's dashboard numbers were counts over the tickets table
-- (every open ticket, 30 days of resolutions, a 4-way union for SLA breaches): about 170 ms at a
-- million tickets, growing with the table. Here the numbers are kept as they change: a trigger on
-- tickets adds each statement's difference to small counter rows in the same transaction, so a
-- rolled-back change counts nothing and a committed one is never missed. The dashboard then reads
-- one row set whose size depends on the clock (30 days), never on how many tickets exist.
--
-- What is counted, per ticket, with these two times:
--   breach_at: for an open ticket (new, in_progress), the earliest deadline it can still miss:
--              its resolution deadline, or its response deadline while unanswered. An open
--              ticket is past a deadline exactly when breach_at <= now.
--   late_at:   the later of its late resolution and its late first response (each only when done
--              after its deadline). A ticket was resolved or answered late in the last 30 days
--              exactly when late_at >= now - 30 days.
-- The dashboard's SLA breaches count each ticket once when breach_at <= now or late_at >= now -
-- 30 days. Both sides move with the clock, not with writes, so they cannot be plain counters.
-- Every such ticket stays counted except while late_at + 30 days < now < breach_at (a missing
-- time makes that side open-ended), so
--   breaches(now) = open tickets with a breach_at
--                 - tickets with late_at + 30 days < breach_at and breach_at > now   ("due")
--                 + tickets with late_at + 30 days < breach_at and late_at >= now - 30 days ("late")
-- and "due" and "late" are counted per hour and per UTC day of breach_at and late_at: a reading
-- adds whole days and hours and looks up the tickets of one partial hour at each end (see
-- api/src/dashboard/queries.ts). That choice over a partial index of open tickets past their
-- deadline: that index grows with the backlog of open breached tickets (17,000 of the million
-- in the benchmark's data), and the SLA watch's queue (sla_checks) only moves while the worker
-- runs, so counters fed by it would be wrong whenever the worker is behind or stopped.
--
-- Resolutions are counted per hour and UTC day of resolved_at too, with the sum of their
-- durations in seconds (numeric: exact, so adding and subtracting never drifts).
--
-- Concurrency: many rows ("slots") may hold one bucket's count, and a reading adds them all. A
-- writing transaction claims a slot no other open transaction holds (see
-- apply_ticket_counter_deltas), so writers never wait for each other on these rows and cannot
-- deadlock on them, and a bucket has at most as many slots as transactions ever changed it at the
-- same moment.
create table ticket_counters (
  -- 'total': the desk's current state (starts_at is -infinity); 'day' / 'hour': events in the UTC
  -- day or hour starting at starts_at.
  period text not null check (period in ('total', 'day', 'hour')),
  starts_at timestamptz not null,
  slot integer not null,
  -- 'total' only: open tickets (new, in_progress), and those of them with a breach_at.
  open_tickets bigint not null default 0,
  open_with_deadline bigint not null default 0,
  -- Tickets resolved in the bucket (by resolved_at) and the sum of resolved_at - created_at.
  resolved bigint not null default 0,
  resolution_seconds numeric not null default 0,
  -- "late" (by late_at) and "due" (by breach_at) as above.
  late bigint not null default 0,
  due bigint not null default 0,
  primary key (period, starts_at, slot)
) with (fillfactor = 70);

-- When an open ticket's next deadline is (null when closed, resolved or without deadlines).
create function ticket_breach_at(
  status text, sla_response_by timestamptz, sla_resolve_by timestamptz, responded_at timestamptz
) returns timestamptz
language sql immutable parallel safe as $$
  select case when status in ('new', 'in_progress')
              then least(sla_resolve_by, case when responded_at is null then sla_response_by end) end
$$;

-- The time of the ticket's latest late event (null when nothing was done late).
create function ticket_late_at(
  sla_response_by timestamptz, sla_resolve_by timestamptz, responded_at timestamptz, resolved_at timestamptz
) returns timestamptz
language sql immutable parallel safe as $$
  select greatest(case when resolved_at > sla_resolve_by then resolved_at end,
                  case when responded_at > sla_response_by then responded_at end)
$$;

-- Whether a ticket with these times is ever left uncounted (late_at + 30 days < breach_at): only
-- then does it count in "due" and "late". 720 hours, not '30 days', so the answer does not depend
-- on the writer's session time zone (the API's sessions are UTC, where the two are equal).
create function ticket_has_quiet_gap(breach_at timestamptz, late_at timestamptz) returns boolean
language sql stable parallel safe as $$
  select (breach_at is not null or late_at is not null)
     and (breach_at is null or late_at is null or late_at + interval '720 hours' < breach_at)
$$;

-- What one ticket adds to the counters: its 'total' row, and its resolution, late_at and
-- breach_at in their day and hour.
create function ticket_counter_rows(
  status text, created_at timestamptz, sla_response_by timestamptz, sla_resolve_by timestamptz,
  responded_at timestamptz, resolved_at timestamptz
) returns setof ticket_counters
language sql stable parallel safe as $$
  with k as (
    select ticket_breach_at(status, sla_response_by, sla_resolve_by, responded_at) as breach_at,
           ticket_late_at(sla_response_by, sla_resolve_by, responded_at, resolved_at) as late_at
  )
  select 'total', '-infinity'::timestamptz, null::integer,
         (status in ('new', 'in_progress'))::int::bigint, (k.breach_at is not null)::int::bigint,
         0::bigint, 0::numeric, 0::bigint, 0::bigint
  from k
  union all
  select p.period, date_trunc(p.period, resolved_at, 'UTC'), null, 0, 0,
         1, extract(epoch from resolved_at - created_at), 0, 0
  from (values ('day'), ('hour')) p (period)
  where resolved_at is not null
  union all
  select p.period, date_trunc(p.period, k.late_at, 'UTC'), null, 0, 0, 0, 0, 1, 0
  from k, (values ('day'), ('hour')) p (period)
  where k.late_at is not null and ticket_has_quiet_gap(k.breach_at, k.late_at)
  union all
  select p.period, date_trunc(p.period, k.breach_at, 'UTC'), null, 0, 0, 0, 0, 0, 1
  from k, (values ('day'), ('hour')) p (period)
  where k.breach_at is not null and ticket_has_quiet_gap(k.breach_at, k.late_at)
$$;

-- Adds differences (rows of the counters' shape, slot ignored) to the counters without waiting
-- for any other writer. The transaction first claims a slot number with a transaction-scoped
-- advisory lock, trying 0, 1, 2, ... without waiting (a slot it already holds is granted again),
-- then adds everything to its own slot's rows in one upsert. Only the holder of slot n ever
-- changes a row of slot n, so no upsert here waits for another transaction's row lock: no hot
-- row, no deadlock, and one lock however many buckets a bulk statement touches.
create function apply_ticket_counter_deltas(deltas ticket_counters[]) returns void
language plpgsql as $$
declare
  claimed integer := 0;
begin
  if cardinality(deltas) = 0 then
    return;
  end if;
  -- 740212030: this lock family's own first key (the migrator's lock is a single 64-bit key,
  -- another key space).
  while not pg_try_advisory_xact_lock(740212030, claimed) loop
    claimed := claimed + 1;
  end loop;
  insert into ticket_counters as c (period, starts_at, slot, open_tickets, open_with_deadline, resolved,
                                    resolution_seconds, late, due)
  select d.period, d.starts_at, claimed, d.open_tickets, d.open_with_deadline, d.resolved,
         d.resolution_seconds, d.late, d.due
  from unnest(deltas) d
  on conflict (period, starts_at, slot) do update set
    open_tickets = c.open_tickets + excluded.open_tickets,
    open_with_deadline = c.open_with_deadline + excluded.open_with_deadline,
    resolved = c.resolved + excluded.resolved,
    resolution_seconds = c.resolution_seconds + excluded.resolution_seconds,
    late = c.late + excluded.late,
    due = c.due + excluded.due;
end;
$$;

-- One statement's difference: what its new rows add minus what its old rows took away, per
-- bucket, leaving out buckets it did not change (a title edit changes none and writes nothing).
create function tickets_count_changes() returns trigger
language plpgsql as $$
declare
  deltas ticket_counters[];
begin
  if tg_op = 'INSERT' then
    select coalesce(array_agg(d), '{}') into deltas from (
      select r.period, r.starts_at, null::integer, sum(r.open_tickets)::bigint, sum(r.open_with_deadline)::bigint,
             sum(r.resolved)::bigint, sum(r.resolution_seconds), sum(r.late)::bigint, sum(r.due)::bigint
      from new_rows t
      cross join lateral ticket_counter_rows(t.status, t.created_at, t.sla_response_by, t.sla_resolve_by,
                                             t.responded_at, t.resolved_at) r
      group by r.period, r.starts_at
      having sum(r.open_tickets) <> 0 or sum(r.open_with_deadline) <> 0 or sum(r.resolved) <> 0
          or sum(r.resolution_seconds) <> 0 or sum(r.late) <> 0 or sum(r.due) <> 0
    ) d;
  elsif tg_op = 'UPDATE' then
    -- Most updates change nothing counted (a title, an assignee, a later comment's touch): the row
    -- trigger below flags the ones that do, and without the flag there is nothing to add up.
    if current_setting('helpdesk.ticket_counters_changed', true) is distinct from 'on' then
      return null;
    end if;
    perform set_config('helpdesk.ticket_counters_changed', 'off', true);
    select coalesce(array_agg(d), '{}') into deltas from (
      select r.period, r.starts_at, null::integer, sum(r.open_tickets)::bigint, sum(r.open_with_deadline)::bigint,
             sum(r.resolved)::bigint, sum(r.resolution_seconds), sum(r.late)::bigint, sum(r.due)::bigint
      from (
        select r.* from new_rows t
        cross join lateral ticket_counter_rows(t.status, t.created_at, t.sla_response_by, t.sla_resolve_by,
                                               t.responded_at, t.resolved_at) r
        union all
        select r.period, r.starts_at, r.slot, -r.open_tickets, -r.open_with_deadline, -r.resolved,
               -r.resolution_seconds, -r.late, -r.due
        from old_rows t
        cross join lateral ticket_counter_rows(t.status, t.created_at, t.sla_response_by, t.sla_resolve_by,
                                               t.responded_at, t.resolved_at) r
      ) r
      group by r.period, r.starts_at
      having sum(r.open_tickets) <> 0 or sum(r.open_with_deadline) <> 0 or sum(r.resolved) <> 0
          or sum(r.resolution_seconds) <> 0 or sum(r.late) <> 0 or sum(r.due) <> 0
    ) d;
  else
    select coalesce(array_agg(d), '{}') into deltas from (
      select r.period, r.starts_at, null::integer, -sum(r.open_tickets)::bigint, -sum(r.open_with_deadline)::bigint,
             -sum(r.resolved)::bigint, -sum(r.resolution_seconds), -sum(r.late)::bigint, -sum(r.due)::bigint
      from old_rows t
      cross join lateral ticket_counter_rows(t.status, t.created_at, t.sla_response_by, t.sla_resolve_by,
                                             t.responded_at, t.resolved_at) r
      group by r.period, r.starts_at
      having sum(r.open_tickets) <> 0 or sum(r.open_with_deadline) <> 0 or sum(r.resolved) <> 0
          or sum(r.resolution_seconds) <> 0 or sum(r.late) <> 0 or sum(r.due) <> 0
    ) d;
  end if;
  perform apply_ticket_counter_deltas(deltas);
  return null;
end;
$$;

-- Flags, for this transaction, that a statement changed a counted column of some ticket.
create function tickets_flag_counted_change() returns trigger
language plpgsql as $$
begin
  perform set_config('helpdesk.ticket_counters_changed', 'on', true);
  return null;
end;
$$;

create function tickets_reset_counters() returns trigger
language plpgsql as $$
begin
  delete from ticket_counters;
  return null;
end;
$$;

-- Statement-level with transition tables: a bulk insert or update (the large seed, a backfill)
-- costs one grouped pass per statement, not one counter update per row.
create trigger tickets_count_inserts after insert on tickets
referencing new table as new_rows
for each statement execute function tickets_count_changes();

-- Row triggers fire before statement triggers at the end of a statement, so the flag is set
-- before tickets_count_updates looks at it; the WHEN test costs nothing for other updates.
create trigger tickets_flag_counted_change after update on tickets
for each row
when (
  (old.status, old.created_at, old.sla_response_by, old.sla_resolve_by, old.responded_at, old.resolved_at)
  is distinct from
  (new.status, new.created_at, new.sla_response_by, new.sla_resolve_by, new.responded_at, new.resolved_at)
)
execute function tickets_flag_counted_change();

create trigger tickets_count_updates after update on tickets
referencing old table as old_rows new table as new_rows
for each statement execute function tickets_count_changes();

create trigger tickets_count_deletes after delete on tickets
referencing old table as old_rows
for each statement execute function tickets_count_changes();

create trigger tickets_count_truncate after truncate on tickets
for each statement execute function tickets_reset_counters();

-- The tickets so far, in one grouped pass. Creating the triggers above locked tickets against
-- writes until this migration commits, so no change falls between this count and the triggers.
insert into ticket_counters (period, starts_at, slot, open_tickets, open_with_deadline, resolved,
                             resolution_seconds, late, due)
select r.period, r.starts_at, 0, sum(r.open_tickets), sum(r.open_with_deadline), sum(r.resolved),
       sum(r.resolution_seconds), sum(r.late), sum(r.due)
from tickets t
cross join lateral ticket_counter_rows(t.status, t.created_at, t.sla_response_by, t.sla_resolve_by,
                                       t.responded_at, t.resolved_at) r
group by r.period, r.starts_at;
