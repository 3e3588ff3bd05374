create table kb_categories (
  id uuid primary key default gen_random_uuid(),
  name varchar(255) not null check (btrim(name) <> ''),
  slug varchar(255) not null unique check (slug ~ '^[a-z0-9-]+$'),
  description text,
  icon varchar(50) not null default 'BookOpen',
  is_active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index kb_categories_sort_order_idx on kb_categories (sort_order, name, id);

create trigger kb_categories_set_updated_at before update on kb_categories
for each row execute function set_updated_at();

create table kb_articles (
  id uuid primary key default gen_random_uuid(),
  title varchar(500) not null check (btrim(title) <> ''),
  slug varchar(500) not null unique check (slug ~ '^[a-z0-9-]+$'),
  content text not null,
  excerpt text,
  category_id uuid not null references kb_categories (id),
  author_id uuid not null references users (id),
  status text not null default 'draft' check (status in ('draft', 'published', 'archived')),
  tags text[] not null default '{}',
  is_popular boolean not null default false,
  view_count integer not null default 0 check (view_count >= 0),
  last_viewed_at timestamptz,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Full-text search over title, excerpt, tags and body, kept by PostgreSQL itself.
  search_vector tsvector generated always as (
    setweight(to_tsvector('english', coalesce(title, '')), 'A')
    || setweight(to_tsvector('english', coalesce(excerpt, '')), 'B')
    || setweight(to_tsvector('english', coalesce(content, '')), 'C')
  ) stored
);

-- A category's articles (by status, recently updated first), popular articles, and search.
create index kb_articles_category_status_updated_at_idx on kb_articles (category_id, status, updated_at desc, id desc);
create index kb_articles_status_popular_views_idx on kb_articles (status, is_popular, view_count desc, id);
create index kb_articles_author_id_idx on kb_articles (author_id);
create index kb_articles_search_vector_idx on kb_articles using gin (search_vector);
create index kb_articles_tags_idx on kb_articles using gin (tags);

create trigger kb_articles_set_updated_at before update on kb_articles
for each row execute function set_updated_at();
