-- The queue views' counts (docs/product.md#view-counts). The views an agent works (mine, unassigned,
-- my teams, waiting, all open, all) are counted as tickets change, never by counting the table:
-- a trigger on tickets adds each statement's difference to small counter rows in the same
-- transaction, as the dashboard's counters do (00030), so a rolled-back change counts nothing and a
-- committed one is never missed. "At risk" moves with the clock, not with writes: it is read,
-- bounded, from the index at the end of this file.
--
-- One row per view, owner and slot. `owner_id` is the assignee (view 'assignee': open tickets per
-- assignee, the caller's "mine") or the team (view 'team': open tickets per team, summed over the
-- caller's teams for "my teams"); desk-wide views have the nil uuid. Slots work as in 00030: a
-- writing transaction claims a slot number no other open transaction holds, so writers never wait
-- for each other on these rows and cannot deadlock on them.
create table ticket_view_counters (
  view text not null check (view in ('all', 'open', 'unassigned', 'waiting', 'assignee', 'team')),
  owner_id uuid not null,
  slot integer not null,
  tickets bigint not null default 0,
  primary key (view, owner_id, slot)
) with (fillfactor = 70);

-- What one ticket adds to the view counters (open = new or in_progress).
create function ticket_view_counter_rows(
  status text, assignee_id uuid, team_id uuid, waiting_since timestamptz
) returns setof ticket_view_counters
language sql immutable parallel safe as $$
  select v.view, v.owner_id, null::integer, 1::bigint
  from (values
    ('all', '00000000-0000-0000-0000-000000000000'::uuid, true),
    ('open', '00000000-0000-0000-0000-000000000000'::uuid, status in ('new', 'in_progress')),
    ('unassigned', '00000000-0000-0000-0000-000000000000'::uuid,
     status in ('new', 'in_progress') and assignee_id is null),
    ('waiting', '00000000-0000-0000-0000-000000000000'::uuid,
     status in ('new', 'in_progress') and waiting_since is not null),
    ('assignee', assignee_id, status in ('new', 'in_progress') and assignee_id is not null),
    ('team', team_id, status in ('new', 'in_progress') and team_id is not null)
  ) v (view, owner_id, counted)
  where v.counted
$$;

-- Adds differences (slot ignored) to the transaction's own slot, claimed without waiting.
create function apply_ticket_view_counter_deltas(deltas ticket_view_counters[]) returns void
language plpgsql as $$
declare
  claimed integer := 0;
begin
  if cardinality(deltas) = 0 then
    return;
  end if;
  -- 740212067: this lock family's own first key (00030's family is 740212030).
  while not pg_try_advisory_xact_lock(740212067, claimed) loop
    claimed := claimed + 1;
  end loop;
  insert into ticket_view_counters as c (view, owner_id, slot, tickets)
  select d.view, d.owner_id, claimed, d.tickets from unnest(deltas) d
  on conflict (view, owner_id, slot) do update set tickets = c.tickets + excluded.tickets;
end;
$$;

-- One statement's difference: its new rows' counts minus its old rows', leaving out what adds up to nothing.
create function tickets_count_view_changes() returns trigger
language plpgsql as $$
declare
  deltas ticket_view_counters[];
begin
  if tg_op = 'INSERT' then
    select coalesce(array_agg(row(d.view, d.owner_id, null, d.tickets)::ticket_view_counters), '{}') into deltas
    from (
      select r.view, r.owner_id, sum(r.tickets)::bigint as tickets
      from new_rows t
      cross join lateral ticket_view_counter_rows(t.status, t.assignee_id, t.team_id, t.waiting_since) r
      group by r.view, r.owner_id
    ) d;
  elsif tg_op = 'UPDATE' then
    -- Most updates change nothing counted (a title, a priority, a comment's touch): the row trigger
    -- below flags the ones that do.
    if current_setting('helpdesk.ticket_view_counters_changed', true) is distinct from 'on' then
      return null;
    end if;
    perform set_config('helpdesk.ticket_view_counters_changed', 'off', true);
    select coalesce(array_agg(row(d.view, d.owner_id, null, d.tickets)::ticket_view_counters), '{}') into deltas
    from (
      select r.view, r.owner_id, sum(r.tickets)::bigint as tickets
      from (
        select r.view, r.owner_id, r.tickets
        from new_rows t
        cross join lateral ticket_view_counter_rows(t.status, t.assignee_id, t.team_id, t.waiting_since) r
        union all
        select r.view, r.owner_id, -r.tickets
        from old_rows t
        cross join lateral ticket_view_counter_rows(t.status, t.assignee_id, t.team_id, t.waiting_since) r
      ) r
      group by r.view, r.owner_id
      having sum(r.tickets) <> 0
    ) d;
  else
    select coalesce(array_agg(row(d.view, d.owner_id, null, d.tickets)::ticket_view_counters), '{}') into deltas
    from (
      select r.view, r.owner_id, -sum(r.tickets)::bigint as tickets
      from old_rows t
      cross join lateral ticket_view_counter_rows(t.status, t.assignee_id, t.team_id, t.waiting_since) r
      group by r.view, r.owner_id
    ) d;
  end if;
  perform apply_ticket_view_counter_deltas(deltas);
  return null;
end;
$$;

create function tickets_flag_view_change() returns trigger
language plpgsql as $$
begin
  perform set_config('helpdesk.ticket_view_counters_changed', 'on', true);
  return null;
end;
$$;

create function tickets_reset_view_counters() returns trigger
language plpgsql as $$
begin
  delete from ticket_view_counters;
  return null;
end;
$$;

create trigger tickets_count_view_inserts after insert on tickets
referencing new table as new_rows
for each statement execute function tickets_count_view_changes();

-- Row triggers fire before statement triggers at the end of a statement, so the flag is set before
-- tickets_count_view_updates looks at it.
create trigger tickets_flag_view_change after update on tickets
for each row
when (
  (old.status in ('new', 'in_progress'), old.assignee_id, old.team_id, old.waiting_since is null)
  is distinct from
  (new.status in ('new', 'in_progress'), new.assignee_id, new.team_id, new.waiting_since is null)
)
execute function tickets_flag_view_change();

create trigger tickets_count_view_updates after update on tickets
referencing old table as old_rows new table as new_rows
for each statement execute function tickets_count_view_changes();

create trigger tickets_count_view_deletes after delete on tickets
referencing old table as old_rows
for each statement execute function tickets_count_view_changes();

create trigger tickets_count_view_truncate after truncate on tickets
for each statement execute function tickets_reset_view_counters();

-- The tickets so far, in one grouped pass. Creating the triggers above locked tickets against
-- writes until this migration commits, so no change falls between this count and the triggers.
insert into ticket_view_counters (view, owner_id, slot, tickets)
select r.view, r.owner_id, 0, sum(r.tickets)
from tickets t
cross join lateral ticket_view_counter_rows(t.status, t.assignee_id, t.team_id, t.waiting_since) r
group by r.view, r.owner_id;

-- At risk (or already breached) exactly when ticket_risk_at(...) (00063) <= now: the at-risk
-- moment of a deadline an open ticket can still miss.
-- The "at risk" view's count and list: open tickets by their risk moment, soonest first.
create index tickets_open_risk_at_idx
  on tickets (ticket_risk_at(status, sla_response_risk_at, sla_resolve_risk_at, responded_at, sla_resolve_by), id)
  where status in ('new', 'in_progress');
