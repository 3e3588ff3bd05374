-- Canned replies (docs/product.md#canned-replies): texts agents and admins insert into a comment.
-- A personal reply belongs to its owner alone; a shared one (owner_id null) is read by every staff
-- member and changed by its author or an admin. The body's placeholders are checked by the API on
-- save; the lengths here are the same caps the API states, as a last line.
create table canned_replies (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid references users (id) on delete cascade,
  title varchar(120) not null check (btrim(title) <> ''),
  body text not null check (btrim(body) <> '' and char_length(body) <= 10000),
  -- The status the ticket also takes when the reply is sent; null leaves the status alone.
  set_status text check (set_status in ('new', 'in_progress', 'resolved', 'closed')),
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger canned_replies_set_updated_at before update on canned_replies
for each row execute function set_updated_at();

-- The composer's list: one's own personal replies and the shared ones, by title.
create index canned_replies_owner_title_idx on canned_replies (owner_id, lower(title));
create index canned_replies_shared_title_idx on canned_replies (lower(title)) where owner_id is null;
-- The per-person cap counts what a person wrote.
create index canned_replies_created_by_idx on canned_replies (created_by);
