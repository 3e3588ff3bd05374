-- Mail in, processing (docs/product.md#email-in).

-- A staff-only attachment: the original of a message taken in by mail (its .eml). End users never
-- see it in a ticket or download it. It may be larger than an upload (a whole message with its
-- files); only an internal attachment may be.
alter table attachments add column is_internal boolean not null default false;
alter table attachments drop constraint attachments_file_size_check;
alter table attachments add constraint attachments_file_size_check
  check (file_size >= 0 and (file_size <= 10485760 or is_internal));

-- An account the desk opened for a stranger's mail (a mailbox's 'create_account'). Until its owner
-- sets a password through the mailed link (which confirms the address), only mail from that
-- address reaches it; an unconfirmed account anyone registered with the address never does.
alter table users add column created_by_mail boolean not null default false;
