-- Mail in (docs/product.md#email-in): the support mailboxes the desk reads, every message it has
-- taken in, and which ticket each message the desk sent belongs to (so replies thread).

-- A support mailbox. 'imap' mailboxes are fetched by the worker; 'pipe' mailboxes only take
-- messages piped in by `bun run mail:receive` (a Postfix or Exim pipe transport), with the same rules.
-- The secret (an IMAP password, or an OAuth2 refresh token with its client secret) is stored
-- encrypted with MAIL_SECRET_KEY (AES-256-GCM, api/src/mailboxes/secret-box.ts) and never leaves the
-- server in an answer or a log line.
create table mailboxes (
  id uuid primary key default gen_random_uuid(),
  name varchar(100) not null check (btrim(name) <> ''),
  -- The address people write to: what plus addressing extends and what loops are checked against.
  address varchar(254) not null check (address ~ '^[^@[:space:][:cntrl:]]+@[^@[:space:][:cntrl:]]+$'),
  kind text not null default 'imap' check (kind in ('imap', 'pipe')),
  imap_host varchar(255),
  imap_port integer check (imap_port between 1 and 65535),
  imap_security text check (imap_security in ('tls', 'starttls', 'none')),
  imap_username varchar(255),
  auth_method text not null default 'password' check (auth_method in ('password', 'oauth2')),
  -- OAuth2 (XOAUTH2 for Microsoft 365 and Google): where a refresh token is exchanged and for whom.
  oauth_token_url varchar(500),
  oauth_client_id varchar(255),
  secret_ciphertext text,
  folder varchar(255) not null default 'INBOX',
  -- What happens to a message on the server once it is a ticket or comment: flagged seen, moved
  -- to move_to_folder, or deleted (only when an admin chose it).
  after_processing text not null default 'seen' check (after_processing in ('seen', 'move', 'delete')),
  move_to_folder varchar(255),
  -- Whether mail to local+TKT-000123@domain reaches this mailbox, so the desk may use it as Reply-To.
  plus_addressing boolean not null default true,
  team_id uuid references teams (id) on delete set null,
  priority text not null default 'medium' check (priority in ('low', 'medium', 'high', 'critical')),
  category text not null default 'other'
    check (category in ('technical', 'access', 'software', 'hardware', 'other')),
  -- Mail from an address no account has: a new requester account, a polite refusal, or a new
  -- account only for the listed domains (a refusal otherwise).
  unknown_senders text not null default 'refuse'
    check (unknown_senders in ('create_account', 'refuse', 'allowed_domains')),
  allowed_domains text[] not null default '{}',
  is_active boolean not null default true,
  -- Fetch state: the folder's UIDVALIDITY and the highest UID taken in under it. A new UIDVALIDITY
  -- means the server renumbered the folder: fetching starts again and Message-IDs keep it exactly once.
  uid_validity bigint,
  last_uid bigint not null default 0 check (last_uid >= 0),
  last_checked_at timestamptz,
  -- Short and safe to show an admin: what the last connection said, never a secret.
  last_error varchar(500),
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (kind = 'pipe' or (imap_host is not null and imap_port is not null and imap_security is not null
    and imap_username is not null)),
  check (after_processing <> 'move' or move_to_folder is not null),
  check (auth_method <> 'oauth2' or (oauth_token_url is not null and oauth_client_id is not null))
);

create unique index mailboxes_name_key on mailboxes (lower(name));
create unique index mailboxes_address_key on mailboxes (lower(address));

create trigger mailboxes_set_updated_at before update on mailboxes
for each row execute function set_updated_at();

-- Every message taken in, once: by its place on the server (mailbox, UIDVALIDITY, UID) and by its
-- Message-ID within the mailbox. A worker claims a row like the outbox (status 'processing' with a
-- lease in next_attempt_at), and the ticket or comment it becomes is written with the Idempotency-Key
-- 'mail-in:<id>', so a worker killed between the two commits leaves nothing doubled.
create table inbound_messages (
  id uuid primary key default gen_random_uuid(),
  mailbox_id uuid not null references mailboxes (id) on delete cascade,
  uid_validity bigint,
  uid bigint,
  message_id varchar(998),
  sender varchar(254),
  subject varchar(500),
  -- The message as received, until it is processed (then it lives on as the ticket's .eml
  -- attachment). Null for a message over the size cap: only its headers were kept.
  raw bytea,
  raw_size integer not null check (raw_size >= 0),
  status text not null default 'pending'
    check (status in ('pending', 'processing', 'done', 'failed', 'ignored')),
  -- What it became: a ticket, a comment, a refusal, nothing (automatic mail, the desk's own mail,
  -- a bounce, a Message-ID taken in before). A message the flood limit holds back is 'failed' with
  -- outcome 'flood' until an admin releases it.
  outcome text check (outcome in ('ticket', 'comment', 'refused', 'auto', 'own', 'bounce', 'flood', 'duplicate')),
  ticket_id uuid references tickets (id) on delete set null,
  comment_id uuid,
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  -- Short and safe to show an admin: why processing failed or the message is held back.
  last_error varchar(500),
  -- An admin's Retry: processing runs again, and the per-sender flood limit no longer holds it back.
  released_at timestamptz,
  released_by uuid references users (id) on delete set null,
  received_at timestamptz not null default now(),
  processed_at timestamptz,
  check ((uid is null) = (uid_validity is null))
);

create unique index inbound_messages_uid_key on inbound_messages (mailbox_id, uid_validity, uid)
  where uid is not null;
create unique index inbound_messages_message_id_key on inbound_messages (mailbox_id, message_id)
  where message_id is not null;
-- A round claims the due pending rows, earliest first.
create index inbound_messages_due_idx on inbound_messages (next_attempt_at) where status in ('pending', 'processing');
-- The admins' list of messages that failed, newest first.
create index inbound_messages_failed_idx on inbound_messages (received_at desc, id desc) where status = 'failed';
-- A reply's In-Reply-To or References naming a message the requester sent before.
create index inbound_messages_thread_idx on inbound_messages (message_id) where ticket_id is not null;
-- The per-sender flood limit counts a sender's recent messages.
create index inbound_messages_sender_idx on inbound_messages (sender, received_at desc);

-- The ticket a message the desk sent is about, so a reply naming its Message-ID lands there.
alter table email_outbox add column ticket_id uuid references tickets (id) on delete set null;
create index email_outbox_ticket_idx on email_outbox (ticket_id) where ticket_id is not null;
