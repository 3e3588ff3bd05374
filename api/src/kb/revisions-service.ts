import {
  buildLineDiff,
  ERROR_CODES,
  KB_MESSAGES,
  KB_REVISION_MESSAGES,
  type TKbArticle,
  type TKbEditConflict,
  type TKbFieldChange,
  type TKbRevision,
  type TKbRevisionDiff,
  type TKbRevisionListResponse,
  type TRevisionField,
  WRITE_LIMIT_MESSAGES,
} from '@helpdesk/contracts';
import { insertAuditEntry } from '../audit/queries.ts';
import type { RequestMeta } from '../client-ip.ts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { ApiError, badRequest, forbidden, notFound } from '../errors.ts';
import { linkArticleImages } from '../kb-images/service.ts';
import { enforceRateLimit } from '../limits/rate-limits.ts';
import { markdownPlainText } from './plain-text.ts';
import { type ArticleFields, selectArticle, selectCategoryState, updateArticle } from './queries.ts';
import {
  articleExists,
  insertRevisionFromArticle,
  selectArticleFieldsForUpdate,
  selectCurrentRevisionNumber,
  selectRevision,
  selectRevisionPage,
} from './revisions-queries.ts';
import type { KbViewer } from './service.ts';

const isStaff = (viewer: KbViewer) => viewer.role === 'admin' || viewer.role === 'agent';
const articleNotFound = () => notFound(KB_MESSAGES.articleNotFound);
const revisionNotFound = () => notFound(KB_REVISION_MESSAGES.revisionNotFound);

const MINUTE = 60_000;

/** Restores: 20 at once, then one every 30 s per person (docs/security.md#write-limits). */
export const restoreBudget = (userId: string) => ({
  key: `kb-restore:user:${userId}`,
  limit: 20,
  windowMs: 10 * MINUTE,
});

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that differ between two states of an article, in REVISION_FIELDS order. */
export function changedFieldsOf(before: ArticleFields, after: ArticleFields): TRevisionField[] {
  const changed: TRevisionField[] = [];
  if (before.title !== after.title) changed.push('title');
  if (before.content !== after.content) changed.push('content');
  if ((before.excerpt ?? '') !== (after.excerpt ?? '')) changed.push('excerpt');
  if (before.categoryId !== after.categoryId) changed.push('category');
  if (before.status !== after.status) changed.push('status');
  if (!sameValue(before.tags, after.tags)) changed.push('tags');
  return changed;
}

/**
 * The edit-conflict check of a save: when the editor says which revision they started from and
 * another one is current, 409 with the current revision (who saved it, when, its title and body),
 * nothing written. The caller holds the article's row lock, so of two saves from the same
 * revision exactly one passes.
 */
export async function requireBaseRevision(
  tx: Db,
  articleId: string,
  baseRevision: number | undefined,
): Promise<void> {
  if (baseRevision === undefined) return;
  const currentNumber = await selectCurrentRevisionNumber(tx, articleId);
  if (currentNumber === null || currentNumber === baseRevision) return;
  const current = await selectRevision(tx, articleId, currentNumber);
  if (!current)
    throw new Error(`revision ${currentNumber} of ${articleId} vanished inside its own transaction`);
  const details: TKbEditConflict['details'] = {
    current: {
      number: current.number,
      createdAt: current.createdAt,
      editor: current.editor,
      changedFields: current.changedFields,
      restoredFrom: current.restoredFrom,
      title: current.title,
      content: current.content,
    },
  };
  throw new ApiError(
    409,
    ERROR_CODES.conflict,
    KB_REVISION_MESSAGES.editConflict,
    { baseRevision: `Revision ${currentNumber} is the current one` },
    undefined,
    details,
  );
}

/**
 * Appends a revision for a save that changed something (the article row is written and locked);
 * a save that changes nothing adds none. A restore always adds one.
 */
export async function keepRevision(
  tx: Db,
  save: { articleId: string; editorId: string; before: ArticleFields; restoredFrom: number | null },
): Promise<void> {
  const after = await selectArticleFieldsForUpdate(tx, save.articleId);
  if (!after) throw new Error(`article ${save.articleId} vanished inside its own transaction`);
  const changedFields = changedFieldsOf(save.before, after);
  if (changedFields.length === 0 && save.restoredFrom === null) return;
  await insertRevisionFromArticle(tx, {
    articleId: save.articleId,
    editorId: save.editorId,
    changedFields,
    restoredFrom: save.restoredFrom,
  });
}

/** Staff only, and the article must exist (any status: staff see drafts and archived ones). */
async function requireArticle(db: Db, viewer: KbViewer, articleId: string): Promise<void> {
  if (!isStaff(viewer)) throw forbidden();
  if (!(await articleExists(db, articleId))) throw articleNotFound();
}

/** An article's revisions, newest first, one page (staff). */
export async function listRevisions(
  viewer: KbViewer,
  articleId: string,
  query: { limit: number; before?: number | undefined },
): Promise<TKbRevisionListResponse> {
  await requireArticle(sql, viewer, articleId);
  const rows = await selectRevisionPage(sql, articleId, {
    limit: query.limit + 1,
    before: query.before ?? null,
  });
  const revisions = rows.slice(0, query.limit);
  const last = revisions.at(-1);
  return { revisions, nextBefore: rows.length > query.limit && last ? last.number : null };
}

/** One full revision (staff); an unknown number is a 404. */
export async function getRevision(viewer: KbViewer, articleId: string, number: number): Promise<TKbRevision> {
  await requireArticle(sql, viewer, articleId);
  const revision = await selectRevision(sql, articleId, number);
  if (!revision) throw revisionNotFound();
  return revision;
}

const summaryOf = ({ number, createdAt, editor, changedFields, restoredFrom }: TKbRevision) => ({
  number,
  createdAt,
  editor,
  changedFields,
  restoredFrom,
});

/** Title, excerpt, category (by name) and status changes between two revisions. */
function fieldChangesOf(from: TKbRevision, to: TKbRevision): TKbFieldChange[] {
  const changes: TKbFieldChange[] = [];
  if (from.title !== to.title) changes.push({ field: 'title', from: from.title, to: to.title });
  if ((from.excerpt ?? '') !== (to.excerpt ?? '')) {
    changes.push({ field: 'excerpt', from: from.excerpt, to: to.excerpt });
  }
  if (from.categoryId !== to.categoryId) {
    changes.push({ field: 'category', from: from.category?.name ?? null, to: to.category?.name ?? null });
  }
  if (from.status !== to.status) changes.push({ field: 'status', from: from.status, to: to.status });
  return changes;
}

/**
 * What changed from revision `from` to revision `to` (staff): the fields, the tags added and
 * removed, and a bounded line diff of the body (buildLineDiff). from may not be newer than to.
 */
export async function diffRevisions(
  viewer: KbViewer,
  articleId: string,
  range: { from: number; to: number },
): Promise<TKbRevisionDiff> {
  if (range.from > range.to) {
    throw badRequest(KB_REVISION_MESSAGES.fromAfterTo, { from: KB_REVISION_MESSAGES.fromAfterTo });
  }
  await requireArticle(sql, viewer, articleId);
  const [from, to] = await Promise.all([
    selectRevision(sql, articleId, range.from),
    selectRevision(sql, articleId, range.to),
  ]);
  if (!from || !to) throw revisionNotFound();
  const fromTags = new Set(from.tags);
  const toTags = new Set(to.tags);
  return {
    from: summaryOf(from),
    to: summaryOf(to),
    fields: fieldChangesOf(from, to),
    tags: {
      added: to.tags.filter((tag) => !fromTags.has(tag)),
      removed: from.tags.filter((tag) => !toTags.has(tag)),
    },
    content: buildLineDiff(from.content, to.content),
  };
}

/**
 * Restores a revision (staff): the article takes that revision's fields and a NEW revision records
 * it (history is never rewritten), audited. A category that is no longer active cannot come back
 * (400), unless the article is still in it. Limited per person (restoreBudget).
 */
export async function restoreRevision(
  viewer: KbViewer,
  articleId: string,
  number: number,
  meta: RequestMeta,
): Promise<TKbArticle> {
  if (!isStaff(viewer)) throw forbidden();
  return sql.begin(async (tx) => {
    const before = await selectArticleFieldsForUpdate(tx, articleId);
    if (!before) throw articleNotFound();
    const revision = await selectRevision(tx, articleId, number);
    if (!revision) throw revisionNotFound();
    if (revision.categoryId !== before.categoryId) {
      const category = await selectCategoryState(tx, revision.categoryId);
      if (!category?.isActive) {
        throw badRequest(KB_MESSAGES.categoryNotFound, { categoryId: KB_MESSAGES.categoryNotFound });
      }
    }
    // Spent in the restore's transaction, once it is known to be valid: a refused request spends nothing.
    await enforceRateLimit(tx, [restoreBudget(viewer.id)], WRITE_LIMIT_MESSAGES.tooManyRestores);
    // A restore is a save: the same search text and image links as an edit writes.
    await updateArticle(tx, articleId, {
      title: revision.title,
      content: revision.content,
      contentText: await markdownPlainText(revision.content),
      excerpt: revision.excerpt,
      categoryId: revision.categoryId,
      status: revision.status,
      tags: revision.tags,
      isPopular: undefined,
    });
    await linkArticleImages(tx, articleId, revision.content);
    await keepRevision(tx, { articleId, editorId: viewer.id, before, restoredFrom: number });
    const article = await selectArticle(tx, articleId, null);
    if (!article) throw new Error(`article ${articleId} vanished inside its own transaction`);
    await insertAuditEntry(tx, {
      adminUserId: viewer.id,
      action: 'kb_article.revision_restored',
      targetUserId: null,
      details: { articleId, title: article.title, restoredFrom: number, revision: article.revision },
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent,
    });
    return article;
  });
}
