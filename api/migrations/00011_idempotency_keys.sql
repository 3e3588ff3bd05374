-- Idempotency-Key on ticket and comment creation (SECURITY.md, Reliability). A row is written in
-- the same transaction as what it created, so it exists exactly when the creation committed; a
-- retry with the same key and the same request gets the stored answer back. The primary key makes
-- two concurrent requests with one key queue up: the second sees the first one's answer.
-- Rows older than 24 hours are expired: ignored, and swept by later inserts.
create table idempotency_keys (
  user_id uuid not null references users (id) on delete cascade,
  key varchar(255) not null check (key <> ''),
  -- Method and path the key was used on, e.g. 'POST /api/tickets'.
  scope varchar(600) not null,
  -- SHA-256 hex of the scope and the validated body: the same key with another request is refused.
  fingerprint varchar(64) not null check (fingerprint ~ '^[0-9a-f]{64}$'),
  response_status integer,
  response_body jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);

create index idempotency_keys_created_at_idx on idempotency_keys (created_at);
