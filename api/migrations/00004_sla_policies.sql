create table sla_policies (
  id uuid primary key default gen_random_uuid(),
  name varchar(255) not null check (btrim(name) <> ''),
  priority text not null check (priority in ('low', 'medium', 'high', 'critical')),
  response_time_hours integer not null check (response_time_hours > 0),
  resolution_time_hours integer not null check (resolution_time_hours > 0),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (resolution_time_hours >= response_time_hours)
);

-- A ticket's deadlines come from the one active policy for its priority.
create unique index sla_policies_active_priority_key on sla_policies (priority) where is_active;

create trigger sla_policies_set_updated_at before update on sla_policies
for each row execute function set_updated_at();
