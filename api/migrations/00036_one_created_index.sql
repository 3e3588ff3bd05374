-- The newest-first list and the reports' "created in the window" pass each had an index on
-- created_at: tickets_created_at_idx (created_at desc, id desc) of 00005 for the list's order and
-- keyset cursor, and tickets_report_created_idx (created_at) include (...) of 00023 for the
-- reports' index-only range scans. One index on (created_at, id) with the same included columns
-- serves both: read backwards it is the list's order, row comparison and all, and its leading
-- column is the reports' range. Besides one index fewer to write on every ticket insert and
-- status change, the list's cursor statement no longer has two candidates: with a generic plan
-- (a prepared statement's parameters unknown) PostgreSQL picked the report index and sorted each
-- page again by id (an incremental sort), the custom plan the list index.
-- Built before the old two are dropped, so no query is ever without an index; the build blocks
-- ticket writes for its duration (about 10 s at a million tickets).
create index tickets_created_idx on tickets (created_at, id)
  include (priority, category, status, responded_at, sla_response_by, resolved_at, sla_resolve_by);
drop index tickets_created_at_idx;
drop index tickets_report_created_idx;
