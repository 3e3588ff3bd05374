-- Accounts over their whole life (docs/product.md#accounts):
--   inactive       an administrator deactivated the account; it cannot sign in, its tickets and
--                  history stay, and it can be reactivated.
--   no password    an invited account has none until its owner sets one through the mailed link.
--   purpose        a password token either resets a password ('reset', 30 minutes) or sets the
--                  first one of an invited account ('invitation', 7 days); one never works as the other.
alter table users drop constraint users_status_check;
alter table users add constraint users_status_check
  check (status in ('pending', 'approved', 'rejected', 'active', 'inactive'));

alter table users alter column password_hash drop not null;

alter table password_reset_tokens
  add column purpose text not null default 'reset' check (purpose in ('reset', 'invitation'));
