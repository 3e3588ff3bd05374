-- 00005's default, lpad(n, 6), cuts numbers of seven digits and more down to six characters:
-- ticket 1,000,000 became TKT-100000, a duplicate. Numbers keep at least six digits and never lose one.
create function next_ticket_number() returns varchar
language sql volatile as $$
  select 'TKT-' || lpad(n::text, greatest(6, length(n::text)), '0') from nextval('ticket_number_seq') as n
$$;

alter table tickets alter column ticket_number set default next_ticket_number();
