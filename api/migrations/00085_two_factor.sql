-- Two-factor authentication (docs/security.md#two-factor-authentication).
-- One TOTP secret per user: sealed with the secret box when its key is configured. enabled_at null means
-- a setup begun on the profile and not yet confirmed with a code; such a secret protects nothing.
-- last_used_step is the 30-second step of the last code accepted: a code of that step or an earlier one
-- is refused, so a code seen over a shoulder cannot be replayed.
create table user_two_factor (
  user_id uuid primary key references users (id) on delete cascade,
  secret text not null check (char_length(secret) between 1 and 512),
  enabled_at timestamptz null,
  last_used_step bigint null,
  created_at timestamptz not null default now()
);

-- Ten single-use recovery codes per user, only their SHA-256 kept (they are random, not chosen by people).
create table user_recovery_codes (
  user_id uuid not null references users (id) on delete cascade,
  code_hash text not null check (char_length(code_hash) = 64),
  used_at timestamptz null,
  primary key (user_id, code_hash)
);

-- The step between a right password and a session: a random token in an HttpOnly cookie, only its hash
-- here. One per user (a new sign-in replaces it), bound to the sign-in mode, five minutes, single use.
-- kind 'setup': a staff account the desk requires to have two-factor; pending_secret is the secret it is
-- shown, sealed like user_two_factor.secret, until a code confirms it.
create table two_factor_challenges (
  token_hash text primary key check (char_length(token_hash) = 64),
  user_id uuid not null unique references users (id) on delete cascade,
  mode text not null check (mode in ('user', 'admin')),
  kind text not null check (kind in ('code', 'setup')),
  pending_secret text null check (char_length(pending_secret) between 1 and 512),
  failures integer not null default 0,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index two_factor_challenges_expires_at on two_factor_challenges (expires_at);
