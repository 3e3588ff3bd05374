-- Every ticket filed and every comment spends its author's rate cell: one row per key, updated by
-- each write it limits. With arrival time (tat) indexed, each of those updates wrote a new entry
-- in both of the table's indexes and left the old ones for vacuum (no heap-only update: an indexed
-- column changed), so a person's flood left a trail of dead index entries that every later take of
-- that key walked. Without that index an update changes no indexed column, and with half of each
-- page kept free it stays on the row's page: PostgreSQL writes no index entry and prunes the old
-- version itself. The cleanup deletes spent cells in key order instead (the primary key), a
-- small table's walk, since a cell lives only while its budget is in use.
drop index rate_limits_tat_idx;
alter table rate_limits set (fillfactor = 50);
