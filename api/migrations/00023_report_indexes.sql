-- Reports read every ticket of their window: tickets created in it (volume, categories,
-- priorities, SLA outcomes), resolved in it and first answered in it (durations, per agent).
-- Covering indexes let each of those three passes be an index-only range scan of exactly the
-- window, however many older tickets the table holds.
create index tickets_report_created_idx on tickets (created_at)
  include (priority, category, status, responded_at, sla_response_by, resolved_at, sla_resolve_by);
create index tickets_report_resolved_idx on tickets (resolved_at)
  include (created_at, assignee_id) where resolved_at is not null;
create index tickets_report_responded_idx on tickets (responded_at)
  include (created_at, assignee_id) where responded_at is not null;
-- Agent performance's "open tickets assigned now", one probe per agent.
create index tickets_open_assignee_idx on tickets (assignee_id) where status in ('new', 'in_progress');
