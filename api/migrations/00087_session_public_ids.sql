-- Sessions people can see (docs/product.md#sessions). The profile lists a person's sessions and
-- ends one of them by an id of its own: the sid is the hash of the cookie's secret and must never
-- leave the server, so each session gets a random public id that names it and gives nothing away.
-- Existing rows get one now; the default fills every new row.
alter table sessions add column public_id uuid not null default gen_random_uuid();

alter table sessions add constraint sessions_public_id_key unique (public_id);
