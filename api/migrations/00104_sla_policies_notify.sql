-- Every API process keeps the active SLA policies with their calendars in memory
-- (api/src/sla/policy-cache.ts), so filing a ticket needs no read of its own for its deadlines; any
-- change to either table tells them, on COMMIT, to read them again. The same notice as the triggers
-- table's (00094), on a channel of its own.
create function notify_sla_policies_changed() returns trigger
language plpgsql as $$
begin
  perform pg_notify('helpdesk_sla_policies', 'changed');
  return null;
end
$$;

create trigger sla_policies_notify_changed
  after insert or update or delete or truncate on sla_policies
  for each statement
  execute function notify_sla_policies_changed();

create trigger business_calendars_notify_changed
  after insert or update or delete or truncate on business_calendars
  for each statement
  execute function notify_sla_policies_changed();
