-- "Was this helpful?": one answer per person and article, changeable (api/src/kb-feedback).
-- A comment is kept only with a "no" answer.
create table kb_article_feedback (
  article_id uuid not null references kb_articles (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  helpful boolean not null,
  comment text check (comment is null or (not helpful and length(comment) <= 1000)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (article_id, user_id)
);

-- The staff summary's "no" comments, newest first, one keyset range per article.
create index kb_article_feedback_comments_idx on kb_article_feedback (article_id, updated_at desc, user_id desc)
  where comment is not null;

-- The knowledge-base report: answers given (or last changed) in a range, without reading the table.
create index kb_article_feedback_updated_idx on kb_article_feedback (updated_at) include (article_id, helpful);

-- Per-article yes/no counts, kept by the same statement that writes an answer, so the staff
-- summary reads one row however many answers an article has.
create table kb_article_feedback_counts (
  article_id uuid primary key references kb_articles (id) on delete cascade,
  yes integer not null default 0 check (yes >= 0),
  no integer not null default 0 check (no >= 0)
);
