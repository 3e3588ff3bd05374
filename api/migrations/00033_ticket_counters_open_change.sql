-- The dashboard counters (00030) depend on a ticket's status only through whether it is open
-- (new or in_progress): ticket_counter_rows and ticket_breach_at test `status in ('new',
-- 'in_progress')` and nothing else. The row trigger that flags a counted change compared the
-- status itself, so taking a ticket from new to in_progress (or resolved to closed) ran the
-- statement trigger's recount of old and new rows, about 0.5 ms, to find that nothing moved.
-- It now compares openness.
drop trigger tickets_flag_counted_change on tickets;

create trigger tickets_flag_counted_change after update on tickets
for each row
when (
  (old.status in ('new', 'in_progress'), old.created_at, old.sla_response_by, old.sla_resolve_by,
   old.responded_at, old.resolved_at)
  is distinct from
  (new.status in ('new', 'in_progress'), new.created_at, new.sla_response_by, new.sla_resolve_by,
   new.responded_at, new.resolved_at)
)
execute function tickets_flag_counted_change();
