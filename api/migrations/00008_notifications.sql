create table notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  type text not null check (type in (
    'ticket_assigned', 'ticket_status_changed', 'ticket_resolved',
    'ticket_created', 'sla_warning', 'system_announcement'
  )),
  title varchar(255) not null check (btrim(title) <> ''),
  message text not null,
  related_entity_id uuid,
  related_entity_type varchar(50),
  is_read boolean not null default false,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  check (is_read or read_at is null)
);

-- The bell: a user's list (newest first) and their unread count.
create index notifications_user_created_at_idx on notifications (user_id, created_at desc, id desc);
create index notifications_user_unread_idx on notifications (user_id) where not is_read;
