-- Server-side sessions (SECURITY.md). sid is the SHA-256 hex of the cookie's random id, so a
-- leaked table cannot be replayed as cookies. expire is the idle expiry (slides on use);
-- absolute_expire caps the session's life however active it is.
create table sessions (
  sid varchar(64) primary key check (sid ~ '^[0-9a-f]{64}$'),
  user_id uuid not null references users (id) on delete cascade,
  sess jsonb not null default '{}'::jsonb,
  expire timestamptz not null,
  absolute_expire timestamptz not null,
  ip_address varchar(45),
  user_agent varchar(512),
  created_at timestamptz not null default now(),
  check (expire <= absolute_expire)
);

create index sessions_user_id_idx on sessions (user_id);
create index sessions_expire_idx on sessions (expire);
