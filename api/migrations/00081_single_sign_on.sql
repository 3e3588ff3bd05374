-- Single sign-on with OpenID Connect (docs/product.md#single-sign-on, docs/security.md#single-sign-on).

-- An identity provider an admin registered. The id is the slug in the sign-in URLs
-- (/api/auth/sso/<id>/start). The client secret is stored sealed (AES-256-GCM under MAIL_SECRET_KEY,
-- api/src/sso/provider-secret.ts) and never leaves the server.
create table sso_providers (
  id varchar(40) primary key check (id ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?$'),
  label varchar(60) not null check (btrim(label) <> ''),
  issuer varchar(500) not null,
  client_id varchar(255) not null check (client_id <> ''),
  client_secret_ciphertext text,
  -- The email domains the provider is for; empty means any.
  domains text[] not null default '{}',
  enabled boolean not null default true,
  -- Whether a sign-in of someone with no account opens one: no, a pending end user, an active end user.
  create_accounts text not null default 'off' check (create_accounts in ('off', 'pending', 'active-end-users')),
  -- Role mapping: the claim read at every sign-in and the values meaning admin or agent (no match: end user).
  role_claim varchar(100),
  admin_values text[] not null default '{}',
  agent_values text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger sso_providers_set_updated_at before update on sso_providers
for each row execute function set_updated_at();

-- A person's account at a provider: the provider's subject is the key, never the email (which
-- the person may change there).
create table user_identities (
  id uuid primary key default gen_random_uuid(),
  provider_id varchar(40) not null references sso_providers (id) on delete cascade,
  subject varchar(255) not null check (subject <> ''),
  user_id uuid not null references users (id) on delete cascade,
  -- The email the provider gave when the identity was linked, shown on the profile.
  email varchar(254),
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  unique (provider_id, subject)
);

create index user_identities_user_idx on user_identities (user_id, created_at);

-- A sign-in that went to a provider and has not come back: what the callback checks the answer
-- against. The browser holds a random key in a short-lived cookie; only its hash is kept here. A row
-- is taken (deleted) by the first callback that presents its key, so each works once.
create table sso_logins (
  key_hash varchar(64) primary key check (key_hash ~ '^[0-9a-f]{64}$'),
  provider_id varchar(40) not null references sso_providers (id) on delete cascade,
  state varchar(128) not null,
  nonce varchar(128) not null,
  code_verifier varchar(128) not null,
  return_to varchar(2000),
  mode text not null check (mode in ('sign-in', 'link')),
  -- In link mode, the signed-in person the identity is linked to.
  link_user_id uuid references users (id) on delete cascade,
  expires_at timestamptz not null,
  check ((mode = 'link') = (link_user_id is not null))
);

create index sso_logins_expires_at_idx on sso_logins (expires_at);
