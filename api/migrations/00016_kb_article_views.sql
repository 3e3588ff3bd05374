-- Reading per article and day, so "popular" can mean "most read lately" (the rule is in
-- api/src/kb/queries.ts). Written together with kb_articles.view_count on every counted view.
create table kb_article_views (
  article_id uuid not null references kb_articles (id) on delete cascade,
  viewed_on date not null,
  views integer not null check (views > 0),
  primary key (article_id, viewed_on)
);

-- The days that leave the window are read as a range of this index when the window moves.
create index kb_article_views_viewed_on_idx on kb_article_views (viewed_on);

-- The popularity window: kb_article_recent_views.views = the article's kb_article_views.views
-- summed over viewed_on >= starts_on. A counted view adds to both; once a day the API moves
-- starts_on forward and subtracts the days that left (api/src/kb/queries.ts, rollViewWindow).
create table kb_view_window (
  id boolean primary key default true check (id),
  starts_on date not null
);
insert into kb_view_window (starts_on) values (current_date - 29);

-- So the most-read articles are the first entries of an index, not a sum over a month of rows
-- computed on every request.
create table kb_article_recent_views (
  article_id uuid primary key references kb_articles (id) on delete cascade,
  views integer not null check (views >= 0)
);
create index kb_article_recent_views_views_idx on kb_article_recent_views (views desc, article_id);

-- updatedAt (the article's "updated date") follows edits only: counting a view is not one, and an
-- update that sets updated_at itself (an import, a test placing articles in time) keeps its value.
drop trigger kb_articles_set_updated_at on kb_articles;
create trigger kb_articles_set_updated_at before update on kb_articles
for each row when (
  (new.title, new.slug, new.content, new.excerpt, new.category_id, new.author_id, new.status, new.tags,
   new.is_popular, new.published_at)
  is distinct from
  (old.title, old.slug, old.content, old.excerpt, old.category_id, old.author_id, old.status, old.tags,
   old.is_popular, old.published_at)
  and new.updated_at is not distinct from old.updated_at
)
execute function set_updated_at();
