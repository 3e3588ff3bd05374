-- Session cache invalidation (issue 10). Every request to a signed-in route used to read its
-- session and user before doing its own work: a second round trip that capped the cheapest
-- endpoints at about 0.6x of a bare `select 1`. An API process may now answer safe requests
-- (GET, HEAD) from a short-lived cache of session -> user (api/src/session-cache.ts); these
-- triggers tell every listening process, when the change commits, which entries to drop:
--   user:<id>     a user row changed or went away (role, status, name, email, ...)
--   session:<sid> a session ended (sign-out, password change or reset, rejection, expiry sweep)
-- NOTIFY is transactional: a rolled-back change says nothing, a committed one is always sent.
-- The sliding-expiry touch (an UPDATE of sessions.expire, at most once a minute) only moves the
-- expiry later, so it does not notify; an update that moves an expiry earlier does.

create function notify_session_cache() returns trigger
language plpgsql as $$
begin
  if tg_table_name = 'users' then
    perform pg_notify('helpdesk_sessions', 'user:' || old.id::text);
  else
    perform pg_notify('helpdesk_sessions', 'session:' || old.sid);
  end if;
  return null;
end
$$;

create trigger users_update_notify_session_cache
  after update on users
  for each row
  when (old.* is distinct from new.*)
  execute function notify_session_cache();

create trigger users_delete_notify_session_cache
  after delete on users
  for each row
  execute function notify_session_cache();

create trigger sessions_delete_notify_session_cache
  after delete on sessions
  for each row
  execute function notify_session_cache();

-- Ending a session by moving its expiry into the past (an operator's UPDATE) must reach the cache too.
create trigger sessions_update_notify_session_cache
  after update on sessions
  for each row
  when (new.expire < old.expire or new.absolute_expire < old.absolute_expire or new.user_id <> old.user_id)
  execute function notify_session_cache();
