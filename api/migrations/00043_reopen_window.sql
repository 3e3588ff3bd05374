-- How many days after resolution a requester's reply reopens the ticket; 0 never reopens
-- (docs/product.md#requester-replies). Null while nobody has saved it: the default of contracts applies.
alter table settings add column reopen_window_days integer check (reopen_window_days between 0 and 365);
