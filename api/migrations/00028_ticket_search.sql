-- Desk search (issue 8) over tickets and their comments, on PostgreSQL alone. Full text: a stored
-- tsvector per ticket (title weighs more than description) and per comment, each with a GIN index.
-- Every search also bounds its candidates by recency (api/src/search/queries.ts): a common word walks
-- the newest tickets or comments through a created_at index and stops at the limit, so the planner
-- needs good estimates of how common a word is, hence the larger statistics on the vectors.
alter table tickets add column search_vector tsvector generated always as (
  setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', description), 'B')
) stored;
create index tickets_search_vector_idx on tickets using gin (search_vector);
alter table tickets alter column search_vector set statistics 1000;

-- A small typo in a title ('pasword') is found by trigram word similarity (pg_trgm, from 00015).
create index tickets_title_trgm_idx on tickets using gin (title gin_trgm_ops);

-- Ticket number prefixes ('123' finds TKT-000123 and TKT-123456) are byte ranges: a plain btree in
-- the C collation serves them whatever the database's collation, with bound parameters too (LIKE
-- 'x%' needs a literal pattern to use an index, which a prepared statement does not have).
create index tickets_ticket_number_c_idx on tickets (ticket_number collate "C");

alter table ticket_comments add column search_vector tsvector generated always as (
  to_tsvector('english', content)
) stored;
create index ticket_comments_search_vector_idx on ticket_comments using gin (search_vector);
alter table ticket_comments alter column search_vector set statistics 1000;
-- The newest comments first, for a word that is in many of them.
create index ticket_comments_created_at_idx on ticket_comments (created_at desc, id desc);
