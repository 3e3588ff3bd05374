-- People search for agents and admins (issue 8): by first name, last name, username or email, as
-- words and word prefixes ('jo smi' finds John Smith), and trigram similarity for a small typo. The
-- username and email are split at punctuation, so 'jane.doe@example.com' is the words jane, doe,
-- example and com.
create function user_search_text(first_name text, last_name text, username text, email text) returns text
language sql immutable parallel safe strict
return lower(first_name || ' ' || last_name || ' ' || regexp_replace(username || ' ' || email, '[^[:alnum:]]+', ' ', 'g'));

alter table users add column search_text text generated always as (
  user_search_text(first_name, last_name, username, email)
) stored;
-- The 'simple' configuration: names are not English words, so no stemming and no stop words.
alter table users add column search_vector tsvector generated always as (
  to_tsvector('simple', user_search_text(first_name, last_name, username, email))
) stored;
create index users_search_vector_idx on users using gin (search_vector);
create index users_search_text_trgm_idx on users using gin (search_text gin_trgm_ops);
