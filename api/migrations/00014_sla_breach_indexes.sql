-- Dashboard SLA breaches among open tickets, answered from indexes alone (no table visits): open
-- tickets past their resolution deadline, and open unanswered tickets past their response
-- deadline. The first replaces 00005's open-deadline index, which it covers.
create index tickets_open_resolve_deadline_idx on tickets (sla_resolve_by) include (id)
  where status in ('new', 'in_progress');
create index tickets_unanswered_response_deadline_idx on tickets (sla_response_by) include (id)
  where status in ('new', 'in_progress') and responded_at is null;
drop index tickets_open_sla_resolve_by_idx;
