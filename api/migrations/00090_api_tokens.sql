-- Personal API tokens (docs/product.md#api-tokens, docs/security.md#api-tokens). A token acts as its
-- owner for a script or another system, through `Authorization: Bearer`. Only the SHA-256 of the
-- secret is kept (looked up by it on every request); the prefix is the token's first characters,
-- shown in lists so a person can tell their tokens apart. Every token expires (at most a year after
-- it was made, checked by the service); a revoked one leaves the lists at once and an expired one a
-- month later, but the row stays (the record of what existed, a few per person). No rights are
-- stored beyond the scopes: the owner's current role and status are read with the token at every
-- request.
create table api_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 80),
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  prefix text not null check (char_length(prefix) between 1 and 16),
  scopes text[] not null check (
    cardinality(scopes) between 1 and 5
    and scopes <@ array['tickets:read', 'tickets:write', 'kb:read', 'kb:write', 'admin']::text[]
  ),
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  last_used_ip text,
  revoked_at timestamptz,
  check (expires_at > created_at)
);

-- A person's own list, and the cap on live tokens per person.
create index api_tokens_user_id_idx on api_tokens (user_id, created_at desc);
