-- Knowledge base search: full text over title, tags, excerpt and body (weights A, B, C, D), and
-- trigrams on title and tags so a search with a small typo still finds the article.
create extension if not exists pg_trgm;

-- array_to_string is only STABLE in general (element output functions may depend on settings);
-- for text[] it depends on nothing, which is what lets generated columns and indexes use it.
create function kb_tags_text(tags text[]) returns text
language sql immutable parallel safe strict
return array_to_string(tags, ' ');

drop index kb_articles_search_vector_idx;
alter table kb_articles drop column search_vector;
alter table kb_articles add column search_vector tsvector generated always as (
  setweight(to_tsvector('english', coalesce(title, '')), 'A')
  || setweight(to_tsvector('english', coalesce(kb_tags_text(tags), '')), 'B')
  || setweight(to_tsvector('english', coalesce(excerpt, '')), 'C')
  || setweight(to_tsvector('english', coalesce(content, '')), 'D')
) stored;
create index kb_articles_search_vector_idx on kb_articles using gin (search_vector);

-- What the typo-tolerant fallback compares the search with (word_similarity, the <% operator).
alter table kb_articles add column search_text text generated always as (
  title || ' ' || coalesce(kb_tags_text(tags), '')
) stored;
create index kb_articles_search_text_trgm_idx on kb_articles using gin (search_text gin_trgm_ops);

-- Lists newest update first: staff by category across statuses, and without a category
-- (all statuses, or one). End users by category use kb_articles_category_status_updated_at_idx.
create index kb_articles_category_updated_at_idx on kb_articles (category_id, updated_at desc, id desc);
create index kb_articles_status_updated_at_idx on kb_articles (status, updated_at desc, id desc);
create index kb_articles_updated_at_idx on kb_articles (updated_at desc, id desc);
