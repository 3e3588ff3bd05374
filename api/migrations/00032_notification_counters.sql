-- Unread notification counters (issue 10). The bell's count was count(*) over the user's unread
-- notifications: cheap for a handful, but an agent on a busy desk collects thousands (every new
-- ticket without a team notifies every agent), and the bell asks on every page and after every
-- realtime event. Here the count is kept as it changes: a trigger on notifications adds each
-- statement's difference to small per-user rows in the same transaction, so a rolled-back change
-- counts nothing and a committed one is never missed, and a reading adds up a few rows whatever
-- the number of notifications.
--
-- Concurrency, as in 00030's ticket_counters: a user's count may be spread over many rows
-- ("slots") and a reading adds them all. A writing transaction claims a slot no other open
-- transaction holds (a transaction-scoped advisory lock, tried without waiting), and only ever
-- changes rows of its own slot. Creating a ticket notifies up to every agent in one transaction:
-- with one row per user, concurrent creates would queue behind each other's row locks until
-- commit and could deadlock when they lock the same users in different orders. With slots they
-- never wait for each other on these rows; a user has at most as many rows as transactions ever
-- notified them at the same moment.
create table notification_counters (
  user_id uuid not null references users (id) on delete cascade,
  slot integer not null,
  unread bigint not null default 0,
  primary key (user_id, slot)
) with (fillfactor = 70);

-- Adds per-user differences of the unread count without waiting for any other writer (see above).
-- A user deleted in this very statement (notifications go with their user, on delete cascade) is
-- left out: their counter rows go with them too.
create function apply_notification_counter_deltas(user_ids uuid[], deltas bigint[]) returns void
language plpgsql as $$
declare
  claimed integer := 0;
begin
  if cardinality(user_ids) = 0 then
    return;
  end if;
  -- 740212032: this lock family's own first key (00030's ticket counters use 740212030).
  while not pg_try_advisory_xact_lock(740212032, claimed) loop
    claimed := claimed + 1;
  end loop;
  insert into notification_counters as c (user_id, slot, unread)
  select d.user_id, claimed, d.delta
  from unnest(user_ids, deltas) d (user_id, delta)
  where exists (select 1 from users u where u.id = d.user_id)
  order by d.user_id
  on conflict (user_id, slot) do update set unread = c.unread + excluded.unread;
end;
$$;

-- One statement's difference per user: its new unread rows minus its old unread rows, leaving out
-- users whose count it did not change (marking an already read notification read again).
create function notifications_count_unread() returns trigger
language plpgsql as $$
declare
  user_ids uuid[];
  deltas bigint[];
begin
  if tg_op = 'INSERT' then
    select coalesce(array_agg(d.user_id), '{}'), coalesce(array_agg(d.delta), '{}') into user_ids, deltas
    from (
      select n.user_id, count(*) as delta from new_rows n where not n.is_read group by n.user_id
    ) d;
  elsif tg_op = 'UPDATE' then
    select coalesce(array_agg(d.user_id), '{}'), coalesce(array_agg(d.delta), '{}') into user_ids, deltas
    from (
      select c.user_id, sum(c.delta)::bigint as delta
      from (
        select n.user_id, 1 as delta from new_rows n where not n.is_read
        union all
        select o.user_id, -1 from old_rows o where not o.is_read
      ) c
      group by c.user_id
      having sum(c.delta) <> 0
    ) d;
  else
    select coalesce(array_agg(d.user_id), '{}'), coalesce(array_agg(d.delta), '{}') into user_ids, deltas
    from (
      select o.user_id, -count(*) as delta from old_rows o where not o.is_read group by o.user_id
    ) d;
  end if;
  perform apply_notification_counter_deltas(user_ids, deltas);
  return null;
end;
$$;

create function notifications_reset_counters() returns trigger
language plpgsql as $$
begin
  delete from notification_counters;
  return null;
end;
$$;

-- Statement-level with transition tables: notifying a whole team, or marking everything read, is
-- one grouped pass per statement, not one counter update per row.
create trigger notifications_count_inserts after insert on notifications
referencing new table as new_rows
for each statement execute function notifications_count_unread();

create trigger notifications_count_updates after update on notifications
referencing old table as old_rows new table as new_rows
for each statement execute function notifications_count_unread();

create trigger notifications_count_deletes after delete on notifications
referencing old table as old_rows
for each statement execute function notifications_count_unread();

create trigger notifications_count_truncate after truncate on notifications
for each statement execute function notifications_reset_counters();

-- The notifications so far, in one grouped pass. Creating the triggers above locked notifications
-- against writes until this migration commits, so no change falls between this count and them.
insert into notification_counters (user_id, slot, unread)
select user_id, 0, count(*) from notifications where not is_read group by user_id;
