-- Only the SHA-256 hex of a reset token is stored: the link in the email is the only copy of
-- the token itself. A token is spent by one atomic UPDATE ... WHERE used = false.
create table password_reset_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token_hash varchar(255) not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz not null,
  used boolean not null default false,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

-- A new token supersedes the user's unused ones.
create index password_reset_tokens_user_unused_idx on password_reset_tokens (user_id) where not used;
