-- Team names are unique whatever their case and surrounding spaces ('Security' and ' security'
-- are one team). Names that already collide get their id appended first, so this applies to
-- any existing database; fresh ones have nothing to rename.
update teams t set name = left(t.name, 218) || ' (' || t.id || ')'
where exists (
  select 1 from teams o
  where lower(btrim(o.name)) = lower(btrim(t.name)) and (o.created_at, o.id) < (t.created_at, t.id)
);

create unique index teams_name_lower_key on teams (lower(btrim(name)));
