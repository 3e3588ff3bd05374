-- A queue for event-driven background work (auto assignment, ...). A row is written in the same
-- transaction as the change that causes it (with pg_notify('jobs', '') so a worker wakes at
-- once) and taken by any worker with FOR UPDATE SKIP LOCKED, so several workers never run one job
-- twice. A taken job is 'running' until locked_until (its lease); its run_at moves to the same
-- moment, so a job whose worker died is simply due again then. A failed attempt goes back to
-- 'pending' with a later run_at (capped exponential backoff) until max_attempts, then 'failed'.
-- Done and failed rows are kept a while for inspection, then deleted by the cleanup task.
create table jobs (
  id bigint generated always as identity primary key,
  kind varchar(100) not null check (btrim(kind) <> ''),
  payload jsonb not null default '{}'::jsonb,
  -- At most one job per key (say 'auto_assign:<ticket id>'); null for jobs that may repeat.
  dedupe_key varchar(255) unique,
  run_at timestamptz not null default now(),
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null default 8 check (max_attempts > 0),
  status text not null default 'pending' check (status in ('pending', 'running', 'done', 'failed')),
  last_error text,
  locked_until timestamptz,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  check ((status in ('done', 'failed')) = (finished_at is not null)),
  check ((status = 'running') = (locked_until is not null))
);

-- Claiming: the due jobs, oldest first. Only unfinished rows are in it, so a claim costs the same
-- however many finished jobs the table holds.
create index jobs_due_idx on jobs (run_at, id) where status in ('pending', 'running');
-- Cleanup: finished jobs past their retention.
create index jobs_finished_at_idx on jobs (finished_at) where status in ('done', 'failed');

-- Auto assignment's turns: when each agent was last auto-assigned a ticket, so ties in load go
-- to whoever waited longest (round-robin). Written under the auto-assignment advisory lock.
create table auto_assign_turns (
  user_id uuid primary key references users (id) on delete cascade,
  last_assigned_at timestamptz not null
);

-- Cleanup of reset tokens: expired ones, and spent ones (used or superseded).
create index password_reset_tokens_expires_at_idx on password_reset_tokens (expires_at);
create index password_reset_tokens_used_idx on password_reset_tokens (used_at) where used;
