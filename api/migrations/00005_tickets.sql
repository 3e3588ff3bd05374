-- Ticket numbers come from a sequence inside the insert, so concurrent creates never collide
-- (gaps after a rollback are acceptable); the UNIQUE constraint backs that up.
create sequence ticket_number_seq;

create table tickets (
  id uuid primary key default gen_random_uuid(),
  ticket_number varchar(50) not null unique
    default ('TKT-' || lpad(nextval('ticket_number_seq')::text, 6, '0')),
  title varchar(500) not null check (btrim(title) <> ''),
  description text not null check (btrim(description) <> ''),
  priority text not null default 'medium' check (priority in ('low', 'medium', 'high', 'critical')),
  status text not null default 'new' check (status in ('new', 'in_progress', 'resolved', 'closed')),
  category text not null default 'other'
    check (category in ('technical', 'access', 'software', 'hardware', 'other')),
  requester_id uuid not null references users (id),
  assignee_id uuid references users (id) on delete set null,
  team_id uuid references teams (id) on delete set null,
  sla_response_by timestamptz,
  sla_resolve_by timestamptz,
  responded_at timestamptz,
  resolved_at timestamptz,
  closed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

alter sequence ticket_number_seq owned by tickets.ticket_number;

-- The ticket list (newest first) and its filters; an end user's list always carries requester_id.
create index tickets_created_at_idx on tickets (created_at desc, id desc);
create index tickets_status_created_at_idx on tickets (status, created_at desc, id desc);
create index tickets_priority_created_at_idx on tickets (priority, created_at desc, id desc);
create index tickets_requester_created_at_idx on tickets (requester_id, created_at desc, id desc);
create index tickets_requester_status_created_at_idx on tickets (requester_id, status, created_at desc, id desc);
create index tickets_assignee_created_at_idx on tickets (assignee_id, created_at desc, id desc);
create index tickets_team_id_idx on tickets (team_id);
-- Dashboard: resolved today, and open tickets past their deadline (SLA breaches).
create index tickets_resolved_at_idx on tickets (resolved_at) where resolved_at is not null;
create index tickets_open_sla_resolve_by_idx on tickets (sla_resolve_by) where status in ('new', 'in_progress');

create trigger tickets_set_updated_at before update on tickets
for each row execute function set_updated_at();

create table ticket_comments (
  id uuid primary key default gen_random_uuid(),
  ticket_id uuid not null references tickets (id) on delete cascade,
  author_id uuid not null references users (id),
  content text not null check (btrim(content) <> ''),
  is_internal boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index ticket_comments_ticket_created_at_idx on ticket_comments (ticket_id, created_at, id);

create trigger ticket_comments_set_updated_at before update on ticket_comments
for each row execute function set_updated_at();

create table attachments (
  id uuid primary key default gen_random_uuid(),
  ticket_id uuid not null references tickets (id) on delete cascade,
  file_name varchar(255) not null check (btrim(file_name) <> ''),
  file_size integer not null check (file_size between 0 and 10485760),
  file_type varchar(100) not null,
  file_path varchar(500) not null unique,
  uploaded_by_id uuid not null references users (id),
  created_at timestamptz not null default now()
);

create index attachments_ticket_created_at_idx on attachments (ticket_id, created_at, id);

create table ticket_events (
  id uuid primary key default gen_random_uuid(),
  ticket_id uuid not null references tickets (id) on delete cascade,
  -- Null for events the system raises itself (an SLA warning).
  user_id uuid references users (id) on delete set null,
  event_type varchar(100) not null check (btrim(event_type) <> ''),
  event_data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);

create index ticket_events_ticket_created_at_idx on ticket_events (ticket_id, created_at, id);
