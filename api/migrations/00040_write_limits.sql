-- A user's stored attachment bytes are summed before each upload (the storage quota): an
-- index-only sum over their own rows.
create index attachments_uploaded_by_size_idx on attachments (uploaded_by_id) include (file_size);

-- One counted article view per person per article per day: a repeated read by the same person
-- adds nothing. Only today's rows matter; the worker's daily window move deletes older ones.
create table kb_article_viewers (
  article_id uuid not null references kb_articles (id) on delete cascade,
  viewer_id uuid not null references users (id) on delete cascade,
  viewed_on date not null,
  primary key (article_id, viewer_id, viewed_on)
);
