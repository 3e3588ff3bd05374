-- Outgoing mail (issue 7). A message is written here in the same transaction as the change that
-- causes it, and a worker delivers it later: a rolled-back change sends nothing, and a committed one
-- is never lost. dedupe_key names the event ('user.approved:<userId>', 'comment.public:<commentId>',
-- ...): enqueueing the same event twice inserts nothing the second time.
create table email_outbox (
  id uuid primary key default gen_random_uuid(),
  dedupe_key varchar(255) not null,
  kind varchar(50) not null,
  recipient varchar(255) not null check (recipient !~ '[[:cntrl:]]'),
  subject varchar(500) not null check (subject !~ '[[:cntrl:]]'),
  text_body text not null,
  html_body text not null,
  status varchar(20) not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  -- Claims so far: a claim counts before the send, so a message that crashes its worker still runs out.
  attempts integer not null default 0 check (attempts >= 0),
  -- When a pending message is due; while a worker holds it, the end of that worker's lease.
  next_attempt_at timestamptz not null default now(),
  -- Short and safe to show an admin: the SMTP reply or error code, never a body or a password.
  last_error varchar(500),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint email_outbox_dedupe_key_key unique (dedupe_key),
  check ((status = 'sent') = (sent_at is not null))
);

-- A delivery round claims the due pending rows, earliest first: a range scan of the batch size,
-- however many messages were ever sent.
create index email_outbox_due_idx on email_outbox (next_attempt_at) where status = 'pending';
-- The admin's list of undelivered messages (newest first) and their counts: only rows not yet
-- sent are in this index, so neither grows with the delivered history.
create index email_outbox_undelivered_idx on email_outbox (created_at desc, id desc) where status <> 'sent';
-- "Sent in the last 24 hours" counts a recent range instead of the whole history.
create index email_outbox_sent_at_idx on email_outbox (sent_at) where status = 'sent';
