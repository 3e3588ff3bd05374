import type { TKbRevision, TKbRevisionSummary, TRevisionField } from '@helpdesk/contracts';
import { literalLimit } from '../db/literal-limit.ts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import type { ArticleFields } from './queries.ts';

const summaryColumns = () => sql`
  r.number, r.created_at as "createdAt", r.changed_fields as "changedFields", r.restored_from as "restoredFrom",
  json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name) as editor`;

/** Whether an article with this id exists, whatever its status. */
export async function articleExists(db: Db, articleId: string): Promise<boolean> {
  const rows = await db`select 1 from kb_articles where id = ${articleId}`;
  return rows.length > 0;
}

/** The number of the article's current (newest) revision; null when the article does not exist or has none. */
export async function selectCurrentRevisionNumber(db: Db, articleId: string): Promise<number | null> {
  const [row] = await db<{ number: number }[]>`
    select number from kb_article_revisions where article_id = ${articleId} order by number desc limit 1`;
  return row?.number ?? null;
}

/**
 * A page of an article's revisions, newest first, numbers below `before`: a backward range scan
 * of the (article_id, number) index, the same cost for the 5th or the 5,000th revision.
 */
export function selectRevisionPage(
  db: Db,
  articleId: string,
  page: { limit: number; before: number | null },
): Promise<TKbRevisionSummary[]> {
  return db<TKbRevisionSummary[]>`
    select ${summaryColumns()}
    from kb_article_revisions r join users u on u.id = r.editor_id
    where r.article_id = ${articleId}
      ${page.before === null ? sql`` : sql`and r.number < ${page.before}`}
    order by r.number desc
    limit ${literalLimit(page.limit)}`;
}

/** One full revision with its category's name (null when that category is gone). */
export async function selectRevision(db: Db, articleId: string, number: number): Promise<TKbRevision | null> {
  const [row] = await db<TKbRevision[]>`
    select ${summaryColumns()}, r.title, r.content, r.excerpt, r.category_id as "categoryId", r.status, r.tags,
           case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end as category
    from kb_article_revisions r
    join users u on u.id = r.editor_id
    left join kb_categories c on c.id = r.category_id
    where r.article_id = ${articleId} and r.number = ${number}`;
  return row ?? null;
}

/**
 * Appends the article's next revision from its row as it is now (call after writing it, in the
 * same transaction, with the article row locked so numbers never race).
 */
export async function insertRevisionFromArticle(
  db: Db,
  revision: {
    articleId: string;
    editorId: string;
    changedFields: TRevisionField[];
    restoredFrom: number | null;
  },
): Promise<number> {
  const [row] = await db<{ number: number }[]>`
    insert into kb_article_revisions
      (article_id, number, title, content, excerpt, category_id, status, tags, editor_id, changed_fields, restored_from)
    select a.id,
           coalesce((select max(r.number) from kb_article_revisions r where r.article_id = a.id), 0) + 1,
           a.title, a.content, a.excerpt, a.category_id, a.status, a.tags,
           ${revision.editorId}, ${db.array(revision.changedFields)}::text[], ${revision.restoredFrom}
    from kb_articles a where a.id = ${revision.articleId}
    returning number`;
  if (!row) throw new Error(`article ${revision.articleId} vanished inside its own transaction`);
  return row.number;
}

/** The fields of the article a save compares against, locking the row until the transaction ends. */
export async function selectArticleFieldsForUpdate(db: Db, articleId: string): Promise<ArticleFields | null> {
  const [row] = await db<ArticleFields[]>`
    select title, content, excerpt, category_id as "categoryId", status, tags
    from kb_articles where id = ${articleId} for update`;
  return row ?? null;
}
