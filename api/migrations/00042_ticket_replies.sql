-- A requester's reply: staff hear of it with its own notification type, and a reply that comes
-- too late to reopen its ticket opens a follow-up ticket linked to the old one
-- (docs/product.md#requester-replies).
alter table notifications drop constraint notifications_type_check;
alter table notifications add constraint notifications_type_check check (type in (
  'ticket_assigned', 'ticket_status_changed', 'ticket_resolved',
  'ticket_created', 'sla_warning', 'system_announcement', 'ticket_reply'
));

alter table broadcast_notifications drop constraint broadcast_notifications_type_check;
alter table broadcast_notifications add constraint broadcast_notifications_type_check check (type in (
  'ticket_assigned', 'ticket_status_changed', 'ticket_resolved',
  'ticket_created', 'sla_warning', 'system_announcement', 'ticket_reply'
));

alter table tickets add column follow_up_of uuid references tickets (id) on delete set null;

-- An old ticket's "Followed up in" links, and the key's own checks when a ticket is deleted.
create index tickets_follow_up_of_idx on tickets (follow_up_of, created_at, id) where follow_up_of is not null;
