-- SECURITY.md's sign-in throttle (5 failures per account, 30 per client address, in 15 minutes)
-- was counted in each API process's memory: with N processes behind a balancer (API_PROCESSES, the
-- e2e stack's two) an attacker had N times the allowance, and a restart forgot the counts. Each
-- failed attempt is now a row every process reads. A key is 'account:<lower-case username>' or
-- 'ip:<address>'; rows older than the window are deleted as the key fails again and by the
-- cleanup task, so the table holds at most the last 15 minutes of failures.
create table login_failures (
  id bigint generated always as identity primary key,
  key text not null,
  failed_at timestamptz not null
);
create index login_failures_key_idx on login_failures (key, failed_at);
create index login_failures_failed_at_idx on login_failures (failed_at);
