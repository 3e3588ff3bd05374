-- SLA watch. sla_checks says when each open ticket with a deadline needs its next look: a
-- trigger marks a ticket due at once whenever it is created or its SLA inputs change (status,
-- deadlines, first response, resolution), and the watch sets the next time from the rule in
-- api/src/tickets/sla.ts (when a target becomes at risk, then when it is breached) or deletes the
-- row when nothing is left to warn about. So a round reads only the due rows through one index,
-- and a ticket already warned costs nothing until its next threshold or its next change.
create table sla_checks (
  ticket_id uuid primary key references tickets (id) on delete cascade,
  check_at timestamptz not null
);

create index sla_checks_check_at_idx on sla_checks (check_at);

-- One row per warning sent: the primary key makes "one 'at_risk' and one 'breached' warning per
-- ticket and target, ever" hold however many watches run at once.
create table sla_alerts (
  ticket_id uuid not null references tickets (id) on delete cascade,
  target text not null check (target in ('response', 'resolution')),
  level text not null check (level in ('at_risk', 'breached')),
  created_at timestamptz not null default now(),
  primary key (ticket_id, target, level)
);

create function tickets_mark_sla_check() returns trigger
language plpgsql as $$
begin
  -- '-infinity': due on the next round whatever that round's clock says.
  insert into sla_checks (ticket_id, check_at) values (new.id, '-infinity')
  on conflict (ticket_id) do update set check_at = excluded.check_at;
  return null;
end;
$$;

create trigger tickets_sla_check_on_insert after insert on tickets
for each row
when (new.status in ('new', 'in_progress') and (new.sla_response_by is not null or new.sla_resolve_by is not null))
execute function tickets_mark_sla_check();

create trigger tickets_sla_check_on_update after update on tickets
for each row
when (
  new.status in ('new', 'in_progress')
  and (new.sla_response_by is not null or new.sla_resolve_by is not null)
  and (old.status, old.created_at, old.sla_response_by, old.sla_resolve_by, old.responded_at, old.resolved_at)
      is distinct from
      (new.status, new.created_at, new.sla_response_by, new.sla_resolve_by, new.responded_at, new.resolved_at)
)
execute function tickets_mark_sla_check();

-- Tickets open before this migration get their first look on the first round.
insert into sla_checks (ticket_id, check_at)
select id, '-infinity'::timestamptz from tickets
where status in ('new', 'in_progress') and (sla_response_by is not null or sla_resolve_by is not null);
