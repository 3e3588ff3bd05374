-- An address is the person's only once they follow the link the desk mailed to it. Until then the
-- desk mails it nothing but that link, files no ticket for it and lets it block nobody: the unique
-- index below covers confirmed addresses only, so an unconfirmed claim never keeps the real owner
-- from registering or being added (docs/security.md#verified-addresses).
alter table users
  add column email_verified_at timestamptz,
  -- A new address asked for on the profile: the account keeps `email` until this one is confirmed.
  add column pending_email varchar(254)
    check (pending_email is null or (char_length(pending_email) between 3 and 254 and position('@' in pending_email) > 1));

-- Everyone who exists already (the first admin, the demo data) keeps working as before.
update users set email_verified_at = now();

drop index users_email_lower_key;
create unique index users_email_lower_key on users (lower(email)) where email_verified_at is not null;
-- Lookups by any address (people search's exact match, the first-admin check) keep an index of their own.
create index users_email_lower_idx on users (lower(email));

-- Like password_reset_tokens: only the SHA-256 hex of a token is stored (the mailed link is the only
-- copy of the token), and a token is spent by one atomic UPDATE ... WHERE not used. Each names the
-- address it confirms, so a link mailed for one address can never confirm another.
create table email_verification_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  email varchar(254) not null check (char_length(email) between 3 and 254 and position('@' in email) > 1),
  token_hash varchar(255) not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz not null,
  used boolean not null default false,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

-- A new link supersedes the user's unused ones.
create index email_verification_tokens_user_unused_idx on email_verification_tokens (user_id) where not used;
