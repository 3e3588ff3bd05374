-- Every saved state of an article (docs/product.md#revisions): numbered 1..n per article, append-only.
-- category_id has no foreign key: history keeps the id it was saved with, whatever becomes of the category.
create table kb_article_revisions (
  id uuid primary key default gen_random_uuid(),
  article_id uuid not null references kb_articles (id) on delete cascade,
  number integer not null check (number >= 1),
  title varchar(500) not null,
  content text not null,
  excerpt text,
  category_id uuid not null,
  status text not null check (status in ('draft', 'published', 'archived')),
  tags text[] not null default '{}',
  editor_id uuid not null references users (id),
  -- The fields this save changed against the revision before it ('{}' for the first revision).
  changed_fields text[] not null default '{}'
    check (changed_fields <@ array['title', 'content', 'excerpt', 'category', 'status', 'tags']),
  -- Set when the save restored an earlier revision.
  restored_from integer,
  created_at timestamptz not null default now(),
  unique (article_id, number)
);

-- The editor's own revisions are found when a user is removed or anonymised.
create index kb_article_revisions_editor_id_idx on kb_article_revisions (editor_id);

-- History is never rewritten: only inserts (and the cascade when the article itself is deleted).
create function kb_article_revisions_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'kb_article_revisions is append-only';
end;
$$;

create trigger kb_article_revisions_no_update before update on kb_article_revisions
for each row execute function kb_article_revisions_append_only();

-- Every way an article comes in (the form, the demo seed, a bulk import) starts with revision 1,
-- written in the inserting transaction; later saves add theirs in api/src/kb/revisions-queries.ts.
create function kb_articles_first_revision() returns trigger language plpgsql as $$
begin
  insert into kb_article_revisions
    (article_id, number, title, content, excerpt, category_id, status, tags, editor_id, created_at)
  values
    (new.id, 1, new.title, new.content, new.excerpt, new.category_id, new.status, new.tags, new.author_id, new.created_at);
  return null;
end;
$$;

create trigger kb_articles_first_revision after insert on kb_articles
for each row execute function kb_articles_first_revision();

-- Articles that exist already get revision 1 from their current state, in one statement.
insert into kb_article_revisions
  (article_id, number, title, content, excerpt, category_id, status, tags, editor_id, created_at)
select id, 1, title, content, excerpt, category_id, status, tags, author_id, updated_at
from kb_articles;
