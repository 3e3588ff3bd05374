create table teams (
  id uuid primary key default gen_random_uuid(),
  name varchar(255) not null check (btrim(name) <> ''),
  description text,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index teams_name_idx on teams (name, id);

create trigger teams_set_updated_at before update on teams
for each row execute function set_updated_at();

create table team_members (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references teams (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  role varchar(50) not null default 'member' check (role in ('member', 'lead')),
  created_at timestamptz not null default now(),
  unique (team_id, user_id)
);

-- "Which teams is this user in" (the unique index above serves the per-team member list).
create index team_members_user_id_idx on team_members (user_id);
