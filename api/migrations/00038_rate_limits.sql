-- Every limit on a repeatable action (registration, password resets, tickets, comments, uploads,
-- confirmation mails) is a generic cell rate: one row per key ('ticket:user:<id>', 'register:ip:<address>',
-- ...) holding its theoretical arrival time. A request is allowed while that time is less than the
-- limit's window ahead of now, and moves it on by window / limit. One row per key, updated in place,
-- so a flood costs one row, and every API process reads the same count. A row whose time has passed
-- holds nothing a missing row would not, so the cleanup task deletes it.
create table rate_limits (
  key text primary key,
  tat timestamptz not null
);
create index rate_limits_tat_idx on rate_limits (tat);
