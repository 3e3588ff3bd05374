-- Every API process keeps the first-day checklist's facts in memory (api/src/onboarding/facts-cache.ts):
-- an admin's dashboard asks for them on every visit, and they change only when the desk is set up.
-- Any change to what they are read from tells the processes, on COMMIT, to read them again. People
-- count only as agents, so a sign-in (last_login_at) or an end user's registration says nothing.
create function notify_onboarding_changed() returns trigger
language plpgsql as $$
begin
  perform pg_notify('helpdesk_onboarding', 'changed');
  return null;
end
$$;

create trigger settings_notify_onboarding
  after insert or update or delete or truncate on settings
  for each statement execute function notify_onboarding_changed();

create trigger desk_onboarding_notify_onboarding
  after insert or update or delete or truncate on desk_onboarding
  for each statement execute function notify_onboarding_changed();

create trigger teams_notify_onboarding
  after insert or delete or truncate on teams
  for each statement execute function notify_onboarding_changed();

create trigger sla_policies_notify_onboarding
  after insert or update of is_active or delete or truncate on sla_policies
  for each statement execute function notify_onboarding_changed();

create trigger kb_categories_notify_onboarding
  after insert or update of is_active or delete or truncate on kb_categories
  for each statement execute function notify_onboarding_changed();

create trigger users_added_notify_onboarding
  after insert on users
  for each row when (new.role = 'agent') execute function notify_onboarding_changed();

create trigger users_changed_notify_onboarding
  after update of role, status on users
  for each row when (old.role = 'agent' or new.role = 'agent') execute function notify_onboarding_changed();

create trigger users_removed_notify_onboarding
  after delete on users
  for each row when (old.role = 'agent') execute function notify_onboarding_changed();

create trigger users_truncated_notify_onboarding
  after truncate on users
  for each statement execute function notify_onboarding_changed();
