-- A person's own language and time zone (docs/product.md#languages). Null follows the desk's settings,
-- so an admin's change of the desk's language reaches everyone who chose none. The zone is an IANA name
-- (Europe/Berlin), checked against Intl's list by the API; the length bound keeps hostile input out.
alter table users
  add column language text null check (language in ('en', 'es', 'fr', 'de')),
  add column time_zone text null check (char_length(time_zone) between 1 and 64);
