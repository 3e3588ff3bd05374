-- The audit log page: newest first, keyset on (created_at, id), optionally filtered by action,
-- acting admin or target user. Each filter gets an index in the page's exact order, so a page
-- costs the same however long the log grows.
drop index admin_audit_logs_admin_user_id_idx;
drop index admin_audit_logs_target_user_id_idx;
create index admin_audit_logs_admin_created_at_idx on admin_audit_logs (admin_user_id, created_at desc, id desc);
create index admin_audit_logs_target_created_at_idx on admin_audit_logs (target_user_id, created_at desc, id desc);
create index admin_audit_logs_action_created_at_idx on admin_audit_logs (action, created_at desc, id desc);
