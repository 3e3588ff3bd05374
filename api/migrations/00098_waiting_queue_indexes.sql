-- The waiting queue (open tickets on hold, docs/product.md#queues) in each of the list's orders:
-- created, last changed, priority, due. Without them a page read the open tickets and kept those
-- on hold, and on hold are a few percent of the open ones (749 of 47,182 in a million-ticket
-- desk): the planner read every open ticket and sorted the ones left, on every page. Partial on
-- open tickets on hold, each index holds only those, so a page reads its rows in order and stops,
-- and a ticket write touches them only while the ticket waits. The expressions and columns are
-- the open indexes' of 00063, so the list's statements match them as written.
create index tickets_waiting_created_idx on tickets (created_at, id)
  where status in ('new', 'in_progress') and waiting_since is not null;
create index tickets_waiting_updated_idx on tickets (updated_at, id)
  where status in ('new', 'in_progress') and waiting_since is not null;
create index tickets_waiting_priority_idx on tickets (ticket_priority_rank(priority), created_at, id)
  where status in ('new', 'in_progress') and waiting_since is not null;
create index tickets_waiting_due_idx
  on tickets (ticket_breach_at(status, sla_response_by, sla_resolve_by, responded_at), created_at, id)
  where status in ('new', 'in_progress') and waiting_since is not null;
