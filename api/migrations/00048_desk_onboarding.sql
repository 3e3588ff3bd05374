-- The first-day checklist of a new desk (docs/product.md#first-day-checklist): one row (id is always
-- true), absent until an admin sends a test mail or dismisses the list. Every other item is read from
-- the data itself (settings, teams, users); only what leaves no other trace is kept here.
create table desk_onboarding (
  id boolean primary key default true check (id),
  -- The last test mail the mail server accepted, and which server (host:port) accepted it: the item
  -- un-ticks when the server in effect changes.
  test_mail_sent_at timestamptz,
  test_mail_server text check (length(test_mail_server) <= 300),
  dismissed_at timestamptz,
  dismissed_by uuid references users (id) on delete set null
);
