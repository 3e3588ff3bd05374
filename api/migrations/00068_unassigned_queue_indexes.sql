-- The unassigned queue in its other orders (last changed, priority), and what lets the planner
-- see how big that queue is. Closed tickets were nearly all assigned, open ones often are not, so
-- "open and unassigned" taken as two independent facts was estimated at 39 tickets where a
-- million-ticket desk had 2,191: the planner then read them all and sorted them on every page.
-- Statistics over status and assignee together (an MCV list long enough to hold each agent's
-- statuses and the unassigned ones) give the real number, and these indexes, partial on open and
-- unassigned tickets (as small as that backlog), give each order a read that stops at its page.
create index tickets_unassigned_updated_idx on tickets (updated_at, id)
  where status in ('new', 'in_progress') and assignee_id is null;
create index tickets_unassigned_priority_idx on tickets (ticket_priority_rank(priority), created_at, id)
  where status in ('new', 'in_progress') and assignee_id is null;
create statistics tickets_status_assignee_stats (mcv) on status, assignee_id from tickets;
alter statistics tickets_status_assignee_stats set statistics 1000;
analyze tickets;
