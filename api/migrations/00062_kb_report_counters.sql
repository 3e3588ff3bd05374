-- The knowledge-base report's daily counters: aggregates, never a row per search or per visit.

-- Searches that found nothing: the normalised words and how often per day. The API stops adding
-- new phrases for a day at a fixed number (api/src/kb-feedback/queries.ts), so a day holds a
-- bounded number of rows however many searches are made.
create table kb_search_misses (
  searched_on date not null,
  words text not null check (length(words) between 1 and 200),
  searches integer not null check (searches > 0),
  primary key (searched_on, words)
);

-- How many no-result searches each person added today: a person's searches stop counting past a
-- fixed number a day (api/src/kb-feedback/queries.ts). Earlier days are deleted by the same statement.
create table kb_search_miss_budget (
  searched_on date not null,
  user_id uuid not null references users (id) on delete cascade,
  searches integer not null check (searches > 0),
  primary key (searched_on, user_id)
);

-- Deflections: a suggested article opened from the Create Ticket dialog, then the draft abandoned.
create table kb_deflections (
  article_id uuid not null references kb_articles (id) on delete cascade,
  deflected_on date not null,
  deflections integer not null check (deflections > 0),
  primary key (article_id, deflected_on)
);

create index kb_deflections_day_idx on kb_deflections (deflected_on) include (article_id, deflections);

-- The report's reads per day and top-read articles read the views by day with the counts at hand.
create index kb_article_views_day_covering_idx on kb_article_views (viewed_on) include (article_id, views);
