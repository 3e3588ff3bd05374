import type { TKbManagedCategory } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';

const managedColumns = (db: Db) => db`
  c.id, c.name, c.slug, c.description, c.icon, c.is_active as "isActive", c.sort_order as "sortOrder",
  (select count(*)::int from kb_articles a where a.category_id = c.id and a.status = 'published') as "articleCount",
  (select count(*)::int from kb_articles a where a.category_id = c.id) as "totalArticleCount",
  c.created_at as "createdAt", c.updated_at as "updatedAt"`;

/** Every category, inactive ones too, in sortOrder then name, with published and total article counts. */
export function selectManagedCategories(db: Db): Promise<TKbManagedCategory[]> {
  return db<TKbManagedCategory[]>`
    select ${managedColumns(db)} from kb_categories c order by c.sort_order, c.name, c.id`;
}

/** One category as staff manage it; null when there is none with that id. */
export async function selectManagedCategory(db: Db, id: string): Promise<TKbManagedCategory | null> {
  const [row] = await db<TKbManagedCategory[]>`
    select ${managedColumns(db)} from kb_categories c where c.id = ${id}`;
  return row ?? null;
}

/**
 * Every category id in order, locking them all until the transaction ends: a reorder renumbers
 * the whole list, so two at once must not interleave.
 */
export async function selectCategoryOrderForUpdate(db: Db): Promise<string[]> {
  const rows = await db<{ id: string }[]>`
    select id from kb_categories order by sort_order, name, id for update`;
  return rows.map((row) => row.id);
}

/** Numbers the categories 0, 1, 2 ... in the given order, writing only the rows whose number changes. */
export async function renumberCategories(db: Db, orderedIds: readonly string[]): Promise<void> {
  await db`
    update kb_categories c set sort_order = o.position - 1
    from unnest(${db.array([...orderedIds])}::uuid[]) with ordinality as o (id, position)
    where c.id = o.id and c.sort_order <> o.position - 1`;
}

/** The slugs equal to base or base-something, to pick a free one. */
export async function selectSlugsLike(db: Db, base: string): Promise<Set<string>> {
  const rows = await db<{ slug: string }[]>`
    select slug from kb_categories where slug = ${base} or slug like ${`${base}-%`}`;
  return new Set(rows.map((row) => row.slug));
}

export type NewCategory = {
  name: string;
  slug: string;
  description: string | null;
  icon: string;
  sortOrder: number;
};

/** Inserts a category; null when the slug was taken meanwhile (a name clash throws the unique violation). */
export async function insertCategoryRow(db: Db, category: NewCategory): Promise<string | null> {
  const [row] = await db<{ id: string }[]>`
    insert into kb_categories (name, slug, description, icon, sort_order)
    values (${category.name}, ${category.slug}, ${category.description}, ${category.icon}, ${category.sortOrder})
    on conflict (slug) do nothing
    returning id`;
  return row?.id ?? null;
}

export type CategoryChange = {
  name: string;
  description: string | null;
  icon: string;
  isActive: boolean;
};

/** Writes a category's name, description, icon and active flag (the slug is kept). */
export async function updateCategoryRow(db: Db, id: string, change: CategoryChange): Promise<void> {
  await db`
    update kb_categories set name = ${change.name}, description = ${change.description}, icon = ${change.icon},
      is_active = ${change.isActive}
    where id = ${id}`;
}

/** Deletes a category; the caller made sure no article points at it. */
export async function deleteCategoryRow(db: Db, id: string): Promise<void> {
  await db`delete from kb_categories where id = ${id}`;
}

/** Locks an article and returns what its deletion's audit row records; null when it does not exist. */
export async function selectArticleForDelete(
  db: Db,
  id: string,
): Promise<{ title: string; slug: string; status: string; categoryId: string } | null> {
  const [row] = await db<{ title: string; slug: string; status: string; categoryId: string }[]>`
    select title, slug, status, category_id as "categoryId" from kb_articles where id = ${id} for update`;
  return row ?? null;
}

/** Deletes an article; its view counts go with it (on delete cascade). */
export async function deleteArticleRow(db: Db, id: string): Promise<void> {
  await db`delete from kb_articles where id = ${id}`;
}
