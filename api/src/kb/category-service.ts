import {
  DEFAULT_KB_CATEGORY_ICON,
  KB_CATEGORY_LIMITS,
  KB_CATEGORY_MESSAGES,
  KB_MESSAGES,
  type TKbManagedCategory,
  type TUser,
  type ZCreateKbCategoryRequest,
  type ZUpdateKbCategoryRequest,
} from '@helpdesk/contracts';
import postgres from 'postgres';
import type { z } from 'zod';
import { type AuditDetails, insertAuditEntry } from '../audit/queries.ts';
import type { RequestMeta } from '../client-ip.ts';
import { type Db, uniqueViolation } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { conflict, notFound } from '../errors.ts';
import {
  deleteArticleRow,
  deleteCategoryRow,
  insertCategoryRow,
  renumberCategories,
  selectArticleForDelete,
  selectCategoryOrderForUpdate,
  selectManagedCategories,
  selectManagedCategory,
  selectSlugsLike,
  updateCategoryRow,
} from './category-queries.ts';
import { categorySlugBase, firstFreeSlug, placeAt } from './category-slug.ts';
import { takeCategoryWrite } from './limits.ts';

/**
 * Who changes the knowledge base (an agent or an admin) and from where, for the audit row. Category
 * changes spend the write limit inside their transaction, so a refused one (409, 404) spends nothing.
 */
export type KbActor = { user: TUser; meta: RequestMeta };

const categoryNotFound = () => notFound(KB_MESSAGES.categoryNotFound);

/** Room under the slug column for a '-N' suffix. */
const SLUG_BASE_MAX = 200;
/** Enough for any number of same-named creates racing for one slug. */
const SLUG_ATTEMPTS = 20;

function audit(tx: Db, actor: KbActor, action: string, details: AuditDetails) {
  return insertAuditEntry(tx, {
    adminUserId: actor.user.id,
    action,
    targetUserId: null,
    details,
    ipAddress: actor.meta.ipAddress,
    userAgent: actor.meta.userAgent,
  });
}

/** A name clash on the case-insensitive unique index is the client's 409, not a 500. */
function nameConflictOf(error: unknown) {
  return uniqueViolation(error) === 'kb_categories_name_lower_key'
    ? conflict(KB_CATEGORY_MESSAGES.nameExists, { name: KB_CATEGORY_MESSAGES.nameExists })
    : null;
}

const descriptionOf = (value: string | null | undefined) => (value ? value : null);

async function loadCategory(db: Db, id: string): Promise<TKbManagedCategory> {
  const category = await selectManagedCategory(db, id);
  if (!category) throw new Error(`category ${id} vanished inside its own transaction`);
  return category;
}

/** Moves a category to a position and numbers every category 0, 1, 2 ... in the new order. */
async function moveCategory(tx: Db, id: string, position: number): Promise<void> {
  const order = await selectCategoryOrderForUpdate(tx);
  await renumberCategories(tx, placeAt(order, id, position));
}

/** Every category for staff, inactive ones included, with published and total article counts. */
export function listManagedCategories(): Promise<TKbManagedCategory[]> {
  return selectManagedCategories(sql);
}

/**
 * Creates a category (staff): the slug from the name, with -2, -3 ... when taken; placed at sortOrder
 * (a position, the others move down) or last. Names are unique whatever their case (409). Audited.
 */
export async function createCategory(
  actor: KbActor,
  input: z.output<typeof ZCreateKbCategoryRequest>,
): Promise<TKbManagedCategory> {
  try {
    return await sql.begin(async (tx) => {
      await takeCategoryWrite(tx, actor.user);
      const order = await selectCategoryOrderForUpdate(tx);
      const base = categorySlugBase(input.name, SLUG_BASE_MAX);
      const fields = {
        name: input.name,
        description: descriptionOf(input.description),
        icon: input.icon ?? DEFAULT_KB_CATEGORY_ICON,
        sortOrder: Math.min(input.sortOrder ?? order.length, KB_CATEGORY_LIMITS.sortOrderMax),
      };
      for (let attempt = 1; attempt <= SLUG_ATTEMPTS; attempt++) {
        const slug = firstFreeSlug(base, await selectSlugsLike(tx, base));
        const id = await insertCategoryRow(tx, { ...fields, slug });
        if (id === null) continue;
        await renumberCategories(tx, placeAt(order, id, fields.sortOrder));
        const category = await loadCategory(tx, id);
        await audit(tx, actor, 'kb_category.created', {
          categoryId: id,
          name: category.name,
          slug: category.slug,
          icon: category.icon,
          sortOrder: category.sortOrder,
        });
        return category;
      }
      throw new Error(`no free slug for category "${input.name}" after ${SLUG_ATTEMPTS} attempts`);
    });
  } catch (error) {
    throw nameConflictOf(error) ?? error;
  }
}

/**
 * Renames, describes, re-icons, moves or (de)activates a category (staff). A rename keeps the slug, so
 * links to the category stay valid. A deactivated category's articles leave end users' view at once.
 * Audited with each changed field's before and after.
 */
export async function changeCategory(
  actor: KbActor,
  categoryId: string,
  input: z.output<typeof ZUpdateKbCategoryRequest>,
): Promise<TKbManagedCategory> {
  try {
    return await sql.begin(async (tx) => {
      await takeCategoryWrite(tx, actor.user);
      await selectCategoryOrderForUpdate(tx);
      const current = await selectManagedCategory(tx, categoryId);
      if (!current) throw categoryNotFound();
      const next = {
        name: input.name ?? current.name,
        description: input.description === undefined ? current.description : descriptionOf(input.description),
        icon: input.icon ?? current.icon,
        isActive: input.isActive ?? current.isActive,
      };
      const changes: Record<
        string,
        { from: string | number | boolean | null; to: string | number | boolean | null }
      > = {};
      for (const field of ['name', 'description', 'icon', 'isActive'] as const) {
        if (next[field] !== current[field]) changes[field] = { from: current[field], to: next[field] };
      }
      if (Object.keys(changes).length > 0) await updateCategoryRow(tx, categoryId, next);
      if (input.sortOrder !== undefined) {
        await moveCategory(tx, categoryId, input.sortOrder);
        const moved = await loadCategory(tx, categoryId);
        if (moved.sortOrder !== current.sortOrder) {
          changes.sortOrder = { from: current.sortOrder, to: moved.sortOrder };
        }
      }
      if (Object.keys(changes).length === 0) return current;
      await audit(tx, actor, 'kb_category.updated', { categoryId, name: next.name, changes });
      return loadCategory(tx, categoryId);
    });
  } catch (error) {
    throw nameConflictOf(error) ?? error;
  }
}

const hasArticles = (count: number) => conflict(KB_CATEGORY_MESSAGES.hasArticles(count));

/**
 * Deletes an empty category (staff). One that still holds an article, whatever its status, is a 409
 * saying so; so is an article filed into it while the delete waited. Audited.
 */
export async function removeCategory(actor: KbActor, categoryId: string): Promise<void> {
  try {
    await sql.begin(async (tx) => {
      await takeCategoryWrite(tx, actor.user);
      const order = await selectCategoryOrderForUpdate(tx);
      const category = await selectManagedCategory(tx, categoryId);
      if (!category) throw categoryNotFound();
      if (category.totalArticleCount > 0) throw hasArticles(category.totalArticleCount);
      await deleteCategoryRow(tx, categoryId);
      await renumberCategories(
        tx,
        order.filter((id) => id !== categoryId),
      );
      await audit(tx, actor, 'kb_category.deleted', {
        categoryId,
        name: category.name,
        slug: category.slug,
      });
    });
  } catch (error) {
    // 23503: an article was filed into it after the count (its insert held the category row).
    if (error instanceof postgres.PostgresError && error.code === '23503') throw hasArticles(1);
    throw error;
  }
}

/** Deletes an article for good (admins only, checked by the route), with its view counts. Audited. */
export async function removeArticle(actor: KbActor, articleId: string): Promise<void> {
  await sql.begin(async (tx) => {
    const article = await selectArticleForDelete(tx, articleId);
    if (!article) throw notFound(KB_MESSAGES.articleNotFound);
    await deleteArticleRow(tx, articleId);
    await audit(tx, actor, 'kb_article.deleted', { articleId, ...article });
  });
}
