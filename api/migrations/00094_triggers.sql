-- Triggers (docs/product.md#triggers): an admin's rules "when a ticket is created or updated and these
-- conditions hold, do these actions", run by the ticket writes in position order. Conditions and
-- actions are checked by the API's schemas (contracts/src/triggers.ts); the database keeps the order
-- unique so two rules never share a place.
create table triggers (
  id uuid primary key default gen_random_uuid(),
  name varchar(120) not null check (btrim(name) <> ''),
  position integer not null check (position >= 0),
  is_enabled boolean not null default true,
  run_on varchar(10) not null check (run_on in ('created', 'updated', 'both')),
  conditions jsonb not null default '[]'::jsonb check (jsonb_typeof(conditions) = 'array'),
  actions jsonb not null check (jsonb_typeof(actions) = 'array' and jsonb_array_length(actions) > 0),
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint triggers_position_key unique (position) deferrable initially immediate
);

-- Every API process keeps the enabled rules in memory (api/src/triggers/rule-cache.ts); any change
-- to the table tells them, on COMMIT, to read them again.
create function notify_triggers_changed() returns trigger
language plpgsql as $$
begin
  perform pg_notify('helpdesk_triggers', 'changed');
  return null;
end
$$;

create trigger triggers_notify_changed
  after insert or update or delete or truncate on triggers
  for each statement
  execute function notify_triggers_changed();
