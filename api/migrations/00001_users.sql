-- Every table keeps updated_at current through this trigger, so no UPDATE can forget it.
create function set_updated_at() returns trigger
language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

create table users (
  id uuid primary key default gen_random_uuid(),
  username varchar(50) not null check (char_length(username) between 3 and 50),
  email varchar(254) not null check (char_length(email) between 3 and 254 and position('@' in email) > 1),
  password_hash text not null check (password_hash <> ''),
  first_name varchar(100) not null check (btrim(first_name) <> ''),
  last_name varchar(100) not null check (btrim(last_name) <> ''),
  profile_image_url varchar(2048),
  role text not null default 'end_user' check (role in ('admin', 'agent', 'end_user')),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'active')),
  approved_by uuid references users (id) on delete set null,
  approved_at timestamptz,
  last_login_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- approved_by may become null when the approving admin is deleted; the date stays.
  check (approved_by is null or approved_at is not null)
);

-- Usernames and emails are unique whatever their case: 'Admin' cannot register next to 'admin'.
create unique index users_username_lower_key on users (lower(username));
create unique index users_email_lower_key on users (lower(email));

-- The admin user list: newest first, optionally filtered by status or role.
create index users_created_at_idx on users (created_at desc, id desc);
create index users_status_created_at_idx on users (status, created_at desc, id desc);
create index users_role_created_at_idx on users (role, created_at desc, id desc);

create trigger users_set_updated_at before update on users
for each row execute function set_updated_at();
