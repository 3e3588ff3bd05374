-- Cleanup of address confirmation tokens, as for reset tokens (00026): expired ones, and spent
-- ones (used or superseded).
create index email_verification_tokens_expires_at_idx on email_verification_tokens (expires_at);
create index email_verification_tokens_used_idx on email_verification_tokens (used_at) where used;
