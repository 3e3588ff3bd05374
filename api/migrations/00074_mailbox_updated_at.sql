-- A mailbox's updated_at says when an admin changed it (docs/product.md#mailboxes): the worker's own
-- writes (the fetch state, when it last looked and what went wrong) happen every few seconds and
-- must not move it.
create function mailboxes_set_updated_at() returns trigger
language plpgsql as $$
begin
  if (to_jsonb(new) - array['uid_validity', 'last_uid', 'last_checked_at', 'last_error', 'updated_at'])
     is distinct from
     (to_jsonb(old) - array['uid_validity', 'last_uid', 'last_checked_at', 'last_error', 'updated_at']) then
    new.updated_at := now();
  end if;
  return new;
end;
$$;

drop trigger mailboxes_set_updated_at on mailboxes;
create trigger mailboxes_set_updated_at before update on mailboxes
for each row execute function mailboxes_set_updated_at();
