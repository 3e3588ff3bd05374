-- The create dialog's 'Send confirmation email to requester' (spec default: checked). Stored now;
-- the email itself comes with the email feature.
alter table tickets add column notify_requester boolean not null default true;
