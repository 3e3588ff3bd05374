-- Append-only record of administrator actions. An admin who acted cannot be deleted while
-- their rows exist (no cascade); a deleted target keeps the row with target_user_id null.
create table admin_audit_logs (
  id uuid primary key default gen_random_uuid(),
  admin_user_id uuid not null references users (id),
  action varchar(100) not null check (btrim(action) <> ''),
  target_user_id uuid references users (id) on delete set null,
  details jsonb not null default '{}'::jsonb,
  ip_address varchar(45),
  user_agent varchar(512),
  created_at timestamptz not null default now()
);

create index admin_audit_logs_created_at_idx on admin_audit_logs (created_at desc, id desc);
create index admin_audit_logs_admin_user_id_idx on admin_audit_logs (admin_user_id, created_at desc);
create index admin_audit_logs_target_user_id_idx on admin_audit_logs (target_user_id, created_at desc);
