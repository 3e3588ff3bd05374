-- The desk's settings: one row (id is always true), absent until an admin first saves; until
-- then the API answers the defaults of contracts (DEFAULT_SETTINGS), so they live in one place.
-- smtp_password is write-only through the API: only the mail sender reads it.
create table settings (
  id boolean primary key default true check (id),
  company_name varchar(255) not null,
  company_email varchar(254) not null,
  timezone text not null check (timezone in ('UTC', 'EST', 'PST', 'GMT')),
  language text not null check (language in ('en', 'es', 'fr', 'de')),
  email_notifications boolean not null,
  push_notifications boolean not null,
  auto_assignment boolean not null,
  require_approval boolean not null,
  smtp_host varchar(255) not null,
  smtp_port integer not null check (smtp_port between 1 and 65535),
  smtp_username varchar(255) not null,
  smtp_password text check (smtp_password <> ''),
  updated_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger settings_set_updated_at before update on settings
for each row execute function set_updated_at();
