-- Broadcast notifications (issue 3 at scale). A new ticket has no team yet, so every active agent
-- hears of it: with one notifications row per agent, 200 agents meant 199 rows per create (each
-- with a foreign-key lock on a users row, three index entries and an upsert into 00032's
-- counters), and that one statement capped creates at about 130 a second. Here such a
-- notification is ONE row, whatever the number of agents, and each agent's read state is kept
-- beside it:
--
--   broadcast_notifications  one row per "every active agent but the actor" notification
--   broadcast_feeds          one row per active agent: what they see and what they have read
--   broadcast_reads          a mark per broadcast an agent read one by one (after read_through)
--   broadcast_totals         how many broadcasts exist, in slots like 00032's counters
--
-- An agent sees the broadcasts created after their feed's visible_from (the moment they became an
-- active agent: as before, a new agent has no notifications about older tickets), except their
-- own (actor_id). One is read when it was created at or before read_through (Mark all read moves
-- it) or has a mark. The unread count is kept exact without counting rows:
--
--   unread = total now - base - adjust
--   base   = the broadcasts created at or before read_through (the total when it was set)
--   adjust = the broadcasts after read_through that are not unread for them: their own (the
--            creating statement adds 1) and the ones they marked read one by one (the mark adds 1)
--
-- base is only exact if no broadcast is in flight when read_through is taken (one created_at
-- before the watermark, committed after it, would be counted in neither). The fence: inserting a
-- broadcast takes advisory lock (740212035, 0) in SHARE mode before it stamps created_at with
-- clock_timestamp(), so creates never wait for each other; setting a watermark (Mark all read, a
-- new feed) takes it EXCLUSIVE first, which waits out the creates in flight (milliseconds), then
-- reads the clock and the total with a fresh snapshot. Every broadcast then either committed
-- before the watermark (created_at before it, counted in the total) or starts after the
-- watermark's transaction ends (created_at after it).
--
-- Lock order, so nothing deadlocks: the fence before any broadcast_feeds row. A transaction that
-- holds the fence shared (a create) must not then wait for a row that an exclusive taker may hold
-- while it waits for the fence: so creates take the users rows they reference (FOR KEY SHARE)
-- before the fence (tickets/queries.ts), because a role change holds admin rows (FOR UPDATE) while
-- its trigger below waits; and what a create's transaction writes after it (a confirmation mail,
-- the idempotency answer) is nothing a fence taker locks. Nor may a transaction set a watermark after it
-- inserted a broadcast (shared to exclusive: two such would wait for each other).

create table broadcast_notifications (
  id uuid primary key default uuidv7(),
  -- The person left out (who acted); null for the system. No foreign key: it is only compared,
  -- and a key would cost every create a lock on a users row and user deletion a scan or an index.
  actor_id uuid,
  type text not null check (type in (
    'ticket_assigned', 'ticket_status_changed', 'ticket_resolved',
    'ticket_created', 'sla_warning', 'system_announcement'
  )),
  title varchar(255) not null check (btrim(title) <> ''),
  message text not null,
  related_entity_id uuid,
  related_entity_type varchar(50),
  -- Stamped by the fence's trigger below (clock_timestamp() after the shared lock). Only a loader
  -- that recomputes the feeds afterwards (bench/seed-large.ts) may give its own.
  created_at timestamptz not null
);

-- The bell's list: the newest broadcasts after a feed's visible_from, in the list's order.
create index broadcast_notifications_created_at_idx on broadcast_notifications (created_at desc, id desc);

create table broadcast_feeds (
  user_id uuid primary key references users (id) on delete cascade,
  visible_from timestamptz not null,
  read_through timestamptz not null,
  base bigint not null,
  adjust bigint not null default 0,
  check (read_through >= visible_from)
) with (fillfactor = 70);

-- Only marks after read_through count (Mark all read deletes the rest). A feed's marks go with
-- it, so a re-activated agent starts with none.
create table broadcast_reads (
  user_id uuid not null references broadcast_feeds (user_id) on delete cascade,
  broadcast_id uuid not null references broadcast_notifications (id) on delete cascade,
  read_at timestamptz not null default now(),
  primary key (user_id, broadcast_id)
);

-- Slots as in 00032: a writer claims a slot no other open transaction holds and only changes its
-- own slot's row, so concurrent creates never wait for each other here; a reading adds them all.
create table broadcast_totals (
  slot integer primary key,
  total bigint not null default 0
) with (fillfactor = 70);

-- The watermark: waits out the broadcasts in flight (the fence, exclusive), then answers the
-- time and the total. Volatile plpgsql, so the total is read with a snapshot taken after the
-- lock: every broadcast committed before it is counted.
create function broadcast_watermark(out at timestamptz, out total bigint)
language plpgsql volatile as $$
begin
  -- 740212035: this migration's own lock family (00030 uses 740212030, 00032 740212032).
  perform pg_advisory_xact_lock(740212035, 0);
  at := clock_timestamp();
  select coalesce(sum(t.total), 0)::bigint into total from broadcast_totals t;
end;
$$;

create function broadcast_notifications_stamp() returns trigger
language plpgsql as $$
begin
  perform pg_advisory_xact_lock_shared(740212035, 0);
  new.created_at := coalesce(new.created_at, clock_timestamp());
  return new;
end;
$$;

create function apply_broadcast_total_delta(delta bigint) returns void
language plpgsql as $$
declare
  claimed integer := 0;
begin
  if delta = 0 then
    return;
  end if;
  -- 740212036: the slots' own family, apart from the fence's.
  while not pg_try_advisory_xact_lock(740212036, claimed) loop
    claimed := claimed + 1;
  end loop;
  insert into broadcast_totals as c (slot, total) values (claimed, delta)
  on conflict (slot) do update set total = c.total + excluded.total;
end;
$$;

-- One statement's inserts: the total grows, and each actor's own broadcasts are not unread for
-- them. The actors' feeds are read with a fresh snapshot (a volatile trigger function), after the
-- shared fence: a feed created just before is seen, none can be created meanwhile.
create function broadcast_notifications_count_inserts() returns trigger
language plpgsql as $$
begin
  update broadcast_feeds f set adjust = f.adjust + a.own
  from (
    select n.actor_id, count(*) as own from new_rows n, broadcast_feeds g
    where g.user_id = n.actor_id and n.created_at > g.read_through
    group by n.actor_id
  ) a
  where f.user_id = a.actor_id;
  perform apply_broadcast_total_delta((select count(*) from new_rows));
  return null;
end;
$$;

-- Deleting broadcasts is maintenance only (the benchmark removes what its runs wrote): each feed
-- is put right under the fence, with every feed row locked first so no mark is in flight. A
-- deleted broadcast at or before read_through leaves base; adjust is recounted from what is left
-- (the marks of the deleted ones went with them, on delete cascade).
create function broadcast_notifications_count_deletes() returns trigger
language plpgsql as $$
begin
  perform pg_advisory_xact_lock(740212035, 0);
  perform 1 from broadcast_feeds for update;
  update broadcast_feeds f set
    base = f.base - (select count(*) from old_rows o where o.created_at <= f.read_through),
    adjust = (select count(*) from broadcast_notifications b
              where b.created_at > f.read_through and b.actor_id = f.user_id)
           + (select count(*) from broadcast_reads r
              join broadcast_notifications b on b.id = r.broadcast_id
              where r.user_id = f.user_id and b.created_at > f.read_through
                and b.actor_id is distinct from f.user_id);
  perform apply_broadcast_total_delta(-(select count(*) from old_rows));
  return null;
end;
$$;

create function broadcast_notifications_reset() returns trigger
language plpgsql as $$
begin
  delete from broadcast_totals;
  update broadcast_feeds set base = 0, adjust = 0;
  return null;
end;
$$;

create trigger broadcast_notifications_stamp before insert on broadcast_notifications
for each row execute function broadcast_notifications_stamp();

create trigger broadcast_notifications_count_inserts after insert on broadcast_notifications
referencing new table as new_rows
for each statement execute function broadcast_notifications_count_inserts();

create trigger broadcast_notifications_count_deletes after delete on broadcast_notifications
referencing old table as old_rows
for each statement execute function broadcast_notifications_count_deletes();

create trigger broadcast_notifications_reset after truncate on broadcast_notifications
for each statement execute function broadcast_notifications_reset();

-- Feeds follow who is an active agent (the audience of today's "every agent": admins are not in
-- it). Becoming one (created so, promoted, activated) starts a feed at a watermark: nothing
-- older is visible or unread. Ceasing to be one drops the feed and its marks, so coming back
-- starts afresh, as an inactive agent used to get no rows. Row triggers with WHEN: other updates
-- of users (a sign-in's last_login_at) do not even call them.
create function users_start_broadcast_feed() returns trigger
language plpgsql as $$
declare
  mark record;
begin
  select * into mark from broadcast_watermark();
  insert into broadcast_feeds (user_id, visible_from, read_through, base)
  values (new.id, mark.at, mark.at, mark.total)
  on conflict (user_id) do nothing;
  return null;
end;
$$;

create function users_end_broadcast_feed() returns trigger
language plpgsql as $$
begin
  delete from broadcast_feeds where user_id = new.id;
  return null;
end;
$$;

create trigger users_start_broadcast_feed_on_insert after insert on users
for each row when (new.role = 'agent' and new.status = 'active')
execute function users_start_broadcast_feed();

create trigger users_start_broadcast_feed_on_update after update of role, status on users
for each row when (new.role = 'agent' and new.status = 'active'
                   and not (old.role = 'agent' and old.status = 'active'))
execute function users_start_broadcast_feed();

create trigger users_end_broadcast_feed after update of role, status on users
for each row when (old.role = 'agent' and old.status = 'active'
                   and not (new.role = 'agent' and new.status = 'active'))
execute function users_end_broadcast_feed();

-- Today's active agents get their feed now (there are no broadcasts yet). Creating the triggers
-- above locked users against writes until this migration commits, so nobody's role or status
-- changes between this and them.
insert into broadcast_feeds (user_id, visible_from, read_through, base)
select u.id, w.at, w.at, w.total
from users u, broadcast_watermark() w
where u.role = 'agent' and u.status = 'active';
