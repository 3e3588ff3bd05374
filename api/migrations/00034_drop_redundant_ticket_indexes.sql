-- Two indexes of 00005 and 00012 became copies when 00023 added the reports' covering indexes:
-- tickets_report_resolved_idx and tickets_report_responded_idx have the same key and the same
-- predicate (resolved_at / responded_at, where not null) and carry two more columns, so every
-- query the plain ones served (the dashboard's 30-day window, the requester's metrics, the
-- cleanup of old resolved tickets) is served as well by them. Each index on tickets is written by
-- every insert and every update that cannot stay on its page (a status change), so the copies
-- cost every ticket write and 61 MB at a million tickets.
drop index tickets_resolved_at_idx;
drop index tickets_responded_at_idx;
