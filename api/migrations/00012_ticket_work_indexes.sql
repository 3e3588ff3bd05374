-- The ticket list filtered by status and priority together, still newest first.
create index tickets_status_priority_created_at_idx on tickets (status, priority, created_at desc, id desc);
-- An end user's list filtered by priority (their status filter has its own index in 00005).
create index tickets_requester_priority_created_at_idx on tickets (requester_id, priority, created_at desc, id desc);
-- Dashboard: first responses in the last 30 days (late ones count as SLA breaches), and the
-- 30-day SLA compliance over recently created tickets (tickets_created_at_idx serves that).
create index tickets_responded_at_idx on tickets (responded_at) where responded_at is not null;
-- Team activity: each staff member's latest ticket event.
create index ticket_events_user_created_at_idx on ticket_events (user_id, created_at desc, id desc)
  where user_id is not null;
