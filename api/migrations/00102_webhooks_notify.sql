-- Every API process knows whether any webhook is enabled (api/src/webhooks/enabled-cache.ts) and
-- leaves the deliveries out of a ticket write while none is; any change to the table tells them, on
-- COMMIT, to read it again. The same notice as the triggers table's (00094), on a channel of its own.
create function notify_webhooks_changed() returns trigger
language plpgsql as $$
begin
  perform pg_notify('helpdesk_webhooks', 'changed');
  return null;
end
$$;

create trigger webhooks_notify_changed
  after insert or update or delete or truncate on webhooks
  for each statement
  execute function notify_webhooks_changed();
