-- Category names are unique whatever their case, like team names: two "Email" cards would leave
-- readers guessing. A desk that already has such twins keeps them apart by a number first.
with twins as (
  select id, row_number() over (partition by lower(btrim(name)) order by created_at, id) as n
  from kb_categories
)
update kb_categories c set name = left(btrim(c.name), 240) || ' (' || t.n || ')'
from twins t
where t.id = c.id and t.n > 1;

create unique index kb_categories_name_lower_key on kb_categories (lower(btrim(name)));
