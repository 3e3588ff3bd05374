-- "Require two-factor authentication for admins and agents" (docs/product.md#two-factor-authentication).
-- Null is the default (off), as with the other settings added after the first.
alter table settings add column require_two_factor boolean null;
