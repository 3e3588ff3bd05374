-- Markdown articles: search reads the text of an article, not its markup, and images pasted into
-- the editor are stored like ticket attachments and linked to the articles that show them.

-- The plain text of content (api/src/kb/plain-text.ts), written by the API on every save. Rows
-- written before were plain text already, so their text is their content; a row written without
-- it (a bulk load) is searched by its content until its next save.
alter table kb_articles add column content_text text;
update kb_articles set content_text = content;

drop index kb_articles_search_vector_idx;
alter table kb_articles drop column search_vector;
alter table kb_articles add column search_vector tsvector generated always as (
  setweight(to_tsvector('english', coalesce(title, '')), 'A')
  || setweight(to_tsvector('english', coalesce(kb_tags_text(tags), '')), 'B')
  || setweight(to_tsvector('english', coalesce(excerpt, '')), 'C')
  || setweight(to_tsvector('english', coalesce(content_text, content, '')), 'D')
) stored;
create index kb_articles_search_vector_idx on kb_articles using gin (search_vector);

-- An image uploaded for articles: the file lives in the attachments directory under file_path.
create table kb_images (
  id uuid primary key default gen_random_uuid(),
  file_name varchar(255) not null check (btrim(file_name) <> ''),
  file_size integer not null check (file_size between 1 and 10485760),
  file_type varchar(100) not null check (file_type in ('image/png', 'image/jpeg', 'image/gif', 'image/webp')),
  file_path varchar(500) not null unique,
  uploaded_by_id uuid not null references users (id),
  created_at timestamptz not null default now()
);
-- The uploader's storage quota sums their images.
create index kb_images_uploaded_by_size_idx on kb_images (uploaded_by_id) include (file_size);

-- Which saved article shows which image: who may read an image follows who may read the article.
create table kb_article_images (
  article_id uuid not null references kb_articles (id) on delete cascade,
  image_id uuid not null references kb_images (id) on delete cascade,
  primary key (image_id, article_id)
);
create index kb_article_images_article_idx on kb_article_images (article_id);
