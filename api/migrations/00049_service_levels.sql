-- Service levels with business hours (docs/product.md#sla).
--
-- A business calendar says when an SLA clock runs: working ranges per weekday in its own IANA zone
-- ({ "monday": [{ "start": "09:00", "end": "17:00" }], ... }) and holidays ([{ "date", "name",
-- "everyYear" }]). Both are small documents read whole by api/src/sla/business-time.ts, which is the
-- one place deadlines are counted; the API validates their shape (contracts/src/sla.ts).
create table business_calendars (
  id uuid primary key default gen_random_uuid(),
  name varchar(255) not null check (btrim(name) <> ''),
  time_zone text not null check (time_zone <> ''),
  weekly_hours jsonb not null check (jsonb_typeof(weekly_hours) = 'object'),
  holidays jsonb not null default '[]' check (jsonb_typeof(holidays) = 'array'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create unique index business_calendars_name_key on business_calendars (lower(name));

create trigger business_calendars_set_updated_at before update on business_calendars
for each row execute function set_updated_at();

-- Policies count in whole minutes (fractions of an hour on the wire), may narrow to a team and a
-- category, and count in a calendar (none: around the clock). A deleted team takes its own
-- policies with it: they could never match again.
alter table sla_policies
  add column response_minutes integer,
  add column resolution_minutes integer,
  add column team_id uuid references teams (id) on delete cascade,
  add column category text check (category in ('technical', 'access', 'software', 'hardware', 'other')),
  add column calendar_id uuid references business_calendars (id) on delete restrict;

update sla_policies set response_minutes = response_time_hours * 60, resolution_minutes = resolution_time_hours * 60;

alter table sla_policies
  alter column response_minutes set not null,
  alter column resolution_minutes set not null,
  drop column response_time_hours,
  drop column resolution_time_hours,
  add check (response_minutes between 1 and 525600),
  add check (resolution_minutes between 1 and 525600),
  add check (resolution_minutes >= response_minutes);

-- The most specific active policy wins (team and category, then team, then category, then
-- priority alone), so at most one active policy may share a priority, team and category.
drop index sla_policies_active_priority_key;
create unique index sla_policies_active_match_key on sla_policies (priority, team_id, category) nulls not distinct
  where is_active;
create index sla_policies_calendar_idx on sla_policies (calendar_id) where calendar_id is not null;
create index sla_policies_team_idx on sla_policies (team_id) where team_id is not null;

-- A ticket remembers the policy its deadlines came from, when each target turns at risk (three
-- quarters of its working time used: stored, so no list or counter does calendar work per row),
-- and its holds: while it waits on the requester the resolution deadline is set aside in
-- waiting_resolve_by and sla_resolve_by is null (nothing counts it as due); on resume it comes
-- back moved by the working time the hold took, which sla_paused_minutes sums up.
alter table tickets
  add column sla_policy_id uuid references sla_policies (id) on delete set null,
  add column sla_response_risk_at timestamptz,
  add column sla_resolve_risk_at timestamptz,
  add column sla_paused_minutes integer not null default 0 check (sla_paused_minutes >= 0),
  add column waiting_since timestamptz,
  add column waiting_until timestamptz,
  add column waiting_resolve_by timestamptz,
  add check (waiting_until is null or waiting_since is not null);

-- The SLA watch resumes holds whose date has come: only tickets waiting with a date are indexed.
create index tickets_waiting_until_idx on tickets (waiting_until) where waiting_until is not null;

-- Tickets filed before: the policy of their priority, and the at-risk moments of the old rule (a
-- quarter of the window from creation to the deadline left), which is the same rule around the clock.
update tickets t set
  sla_policy_id = p.id,
  sla_response_risk_at = t.sla_response_by - (t.sla_response_by - t.created_at) / 4,
  sla_resolve_risk_at = t.sla_resolve_by - (t.sla_resolve_by - t.created_at) / 4
from sla_policies p
where p.is_active and p.priority = t.priority
  and (t.sla_response_by is not null or t.sla_resolve_by is not null);
