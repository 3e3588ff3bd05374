-- The unassigned queue in its other orders (last changed, priority). Without these the planner
-- reads every unassigned open ticket through the assignee indexes of 00063 and sorts them: a
-- backlog of a few thousand unassigned tickets made each page a sort of the whole backlog. Both
-- are partial on open, unassigned tickets, so they stay as small as that backlog.
create index tickets_unassigned_updated_idx on tickets (updated_at, id)
  where status in ('new', 'in_progress') and assignee_id is null;
create index tickets_unassigned_priority_idx on tickets (ticket_priority_rank(priority), created_at, id)
  where status in ('new', 'in_progress') and assignee_id is null;
