-- Webhooks (docs/product.md#webhooks, docs/security.md#webhooks): URLs an admin subscribes to the
-- desk's events, and every delivery made to them.

-- The secret signs every delivery; it is stored sealed (AES-256-GCM under MAIL_SECRET_KEY, as mailbox
-- secrets are) and shown only when it is made or rotated.
create table webhooks (
  id uuid primary key default gen_random_uuid(),
  name varchar(100) not null check (btrim(name) <> ''),
  url varchar(2000) not null check (url ~ '^https?://'),
  events text[] not null check (cardinality(events) > 0 and events <@ array[
    'ticket.created', 'ticket.updated', 'ticket.commented', 'ticket.assigned',
    'sla.warning', 'sla.breached', 'user.registered'
  ]::text[]),
  secret_ciphertext text not null,
  is_enabled boolean not null default true,
  -- An admin's explicit choice to let the URL resolve to a loopback, private or link-local address.
  allow_private_network boolean not null default false,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger webhooks_set_updated_at before update on webhooks
for each row execute function set_updated_at();

-- body is the exact JSON sent (its "id" is the delivery's); response_body keeps the first 2 KB.
create table webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  webhook_id uuid not null references webhooks (id) on delete cascade,
  event text not null,
  body text not null,
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  attempts integer not null default 0,
  last_attempt_at timestamptz,
  response_status integer,
  response_body text,
  error text,
  created_at timestamptz not null default now()
);

-- A webhook's latest deliveries (the admin list), and the cleanup's pruning by age.
create index webhook_deliveries_webhook_created_idx on webhook_deliveries (webhook_id, created_at desc, id desc);
create index webhook_deliveries_created_idx on webhook_deliveries (created_at);
