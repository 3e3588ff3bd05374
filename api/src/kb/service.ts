import {
  buildArticleSlug,
  KB_MESSAGES,
  type TArticleStatus,
  type TKbArticle,
  type TKbArticleListQuery,
  type TKbArticleListResponse,
  type TKbCategory,
  type TKbSearchQuery,
  type TKbSearchResponse,
  type TUser,
  type ZCreateArticleRequest,
  type ZUpdateArticleRequest,
} from '@helpdesk/contracts';
import type { z } from 'zod';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import type { SearchMiss } from '../kb-feedback/queries.ts';
import { recordSearchMiss, searchMissOf } from '../kb-feedback/service.ts';
import { linkArticleImages } from '../kb-images/service.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { markdownPlainText } from './plain-text.ts';
import { kbSearchSql } from './pool.ts';
import {
  type ArticleSearch,
  countArticleView,
  insertArticle,
  type StatusScope,
  selectActiveCategories,
  selectArticle,
  selectArticlePage,
  selectArticleSearch,
  selectCategoryState,
  selectPopularArticlePage,
  updateArticle,
} from './queries.ts';
import { selectArticleFieldsForUpdate } from './revisions-queries.ts';
import { keepRevision, requireBaseRevision } from './revisions-service.ts';
import { buildSearchTerms } from './search-terms.ts';

/** A signed-in user as the knowledge base rules see them. */
export type KbViewer = Pick<TUser, 'id' | 'role'>;

const isStaff = (viewer: KbViewer) => viewer.role === 'admin' || viewer.role === 'agent';

/** A draft or archived article answers an end user exactly like a missing one (docs/security.md#object-scope). */
const articleNotFound = () => notFound(KB_MESSAGES.articleNotFound);

/**
 * The statuses a reader gets. End users: published ones in active categories ('public'), whatever they ask ('none' when they ask
 * for drafts or archived articles: an empty answer, never a leak). Staff: what they ask, else the
 * default of the endpoint (lists: every status, so drafts can be found and published; search:
 * published, as it also feeds the Create Ticket dialog's suggestions).
 */
function statusScopeOf(
  viewer: KbViewer,
  requested: TArticleStatus | 'all' | undefined,
  staffDefault: TArticleStatus | 'all',
): StatusScope | 'none' {
  if (!isStaff(viewer)) {
    return requested === undefined || requested === 'all' || requested === 'published' ? 'public' : 'none';
  }
  const status = requested ?? staffDefault;
  return status === 'all' ? null : status;
}

/** Active categories in sortOrder, each counting its published articles (for everyone, staff too). */
export function listCategories(): Promise<TKbCategory[]> {
  return selectActiveCategories(sql);
}

/**
 * A page of articles: by category (an unknown category is a 404), popular ones (most read first),
 * or all, newest update first, with an opaque keyset cursor.
 */
export async function listArticles(
  viewer: KbViewer,
  query: TKbArticleListQuery,
): Promise<TKbArticleListResponse> {
  const isPopularList = query.isPopular === 'true';
  const after =
    query.cursor === undefined ? null : decodeCursor(query.cursor, isPopularList ? 'popular' : 'updated');
  const categoryId = query.categoryId ?? null;
  if (categoryId !== null && !(await selectCategoryState(sql, categoryId))) {
    throw notFound(KB_MESSAGES.categoryNotFound);
  }
  const status = statusScopeOf(viewer, query.status, 'all');
  if (status === 'none') return { articles: [], nextCursor: null };

  if (isPopularList) {
    const rows = await selectPopularArticlePage(
      sql,
      { status, categoryId },
      { limit: query.limit + 1, after: after?.kind === 'popular' ? after : null },
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      articles: page.map(({ recentViews: _recentViews, ...article }) => article),
      nextCursor:
        rows.length > query.limit && last
          ? encodeCursor({
              kind: 'popular',
              recentViews: last.recentViews,
              viewCount: last.viewCount,
              id: last.id,
            })
          : null,
    };
  }
  const rows = await selectArticlePage(
    sql,
    { status, categoryId, isPopular: query.isPopular === 'false' ? false : null },
    { limit: query.limit + 1, after: after?.kind === 'updated' ? after : null },
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    articles: page.map(({ cursorAt: _cursorAt, ...article }) => article),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ kind: 'updated', at: last.cursorAt, id: last.id })
        : null,
  };
}

/** Searches of published articles: the ones whose misses the knowledge-base report counts. */
const countsMisses = (status: StatusScope) => status === 'published' || status === 'public';

/**
 * The article search a reader's query asks for; null when the reader may see nothing or nothing
 * searchable is left.
 */
export function articleSearchOf(viewer: KbViewer, query: TKbSearchQuery): ArticleSearch | null {
  const status = statusScopeOf(viewer, query.status, 'published');
  const terms = buildSearchTerms(query.q);
  if (status === 'none' || terms === null) return null;
  return {
    anyWords: terms.anyWords,
    allWords: terms.allWords,
    similarText: terms.text.length < 3 ? null : terms.text,
    status,
    limit: query.limit,
  };
}

/**
 * What the search counts for the knowledge-base report (docs/product.md#reports) if it finds
 * nothing: searches over published articles (staff's) or the readers' own view; null for staff
 * looking through drafts or archived articles, which is no reader's gap.
 */
export function missOf(viewer: KbViewer, search: ArticleSearch, q: string): SearchMiss | null {
  return countsMisses(search.status) ? searchMissOf(viewer, q) : null;
}

/**
 * Searches titles, tags, excerpts and bodies in plain words, best match first; when full text
 * finds fewer than the limit, titles and tags similar to the words (a typo) fill the rest. One
 * statement; a search of published articles that finds nothing is then counted for the
 * knowledge-base report (docs/product.md#reports).
 */
export async function searchArticles(viewer: KbViewer, query: TKbSearchQuery): Promise<TKbSearchResponse> {
  const search = articleSearchOf(viewer, query);
  if (search === null) return { articles: [] };
  const articles = await selectArticleSearch(kbSearchSql, search);
  if (articles.length === 0) await recordSearchMiss(missOf(viewer, search, query.q));
  return { articles };
}

/**
 * One article, counting a read: the one GET that changes state (docs/security.md#cross-site-requests). A view counts when
 * the article is published, whoever opens it, once per person and day; opening a draft or an archived article (staff only)
 * counts nothing, as nobody reads those but their editors. End users get 404 for anything but a
 * published article, the same answer as for a missing id.
 */
export async function getArticle(viewer: KbViewer, articleId: string): Promise<TKbArticle> {
  // The count commits on its own, then the read sees it: two round trips, not a transaction's four.
  // Both take the viewer's scope, so a read answered 404 has counted nothing.
  const scope = isStaff(viewer) ? null : 'public';
  await countArticleView(sql, articleId, viewer.id, scope);
  const article = await selectArticle(sql, articleId, scope);
  if (!article) throw articleNotFound();
  return article;
}

/** Trimmed tags with inner whitespace collapsed, each once whatever its case (the first spelling wins). */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const tag of tags) {
    const clean = tag.trim().replace(/\s+/g, ' ');
    const key = clean.toLocaleLowerCase('en');
    if (clean === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(clean);
  }
  return result;
}

/** A category an article may be filed under: it exists and is active (400 on the field otherwise). */
async function requireUsableCategory(db: Db, categoryId: string): Promise<void> {
  const category = await selectCategoryState(db, categoryId);
  if (!category?.isActive) {
    throw badRequest(KB_MESSAGES.categoryNotFound, { categoryId: KB_MESSAGES.categoryNotFound });
  }
}

async function loadArticle(db: Db, articleId: string): Promise<TKbArticle> {
  const article = await selectArticle(db, articleId, null);
  if (!article) throw new Error(`article ${articleId} vanished inside its own transaction`);
  return article;
}

/** Enough for any number of same-titled articles created in the same millisecond. */
const SLUG_ATTEMPTS = 100;

/**
 * Creates an article (agents and admins): the author is the caller, the slug is the client's when
 * valid and free, else the title's slug plus '-' and the current timestamp (unique without a lookup); when
 * that is taken too, by a concurrent create of the same title, the next free millisecond is used.
 * publishedAt is set when it starts published. Revision 1 is written by the insert itself (migration 00059).
 */
export async function createArticle(
  viewer: KbViewer,
  body: z.output<typeof ZCreateArticleRequest>,
): Promise<TKbArticle> {
  if (!isStaff(viewer)) throw forbidden();
  return sql.begin(async (tx) => {
    await requireUsableCategory(tx, body.categoryId);
    const fields = {
      title: body.title,
      content: body.content,
      contentText: await markdownPlainText(body.content),
      excerpt: body.excerpt ? body.excerpt : null,
      categoryId: body.categoryId,
      status: body.status,
      tags: normaliseTags(body.tags ?? []),
      authorId: viewer.id,
    };
    let stamp = Date.now();
    let slug = body.slug ?? buildArticleSlug(body.title, stamp);
    for (let attempt = 1; attempt <= SLUG_ATTEMPTS; attempt++) {
      const id = await insertArticle(tx, { ...fields, slug });
      if (id === null) {
        stamp = Math.max(Date.now(), stamp + 1);
        slug = buildArticleSlug(body.title, stamp);
        continue;
      }
      await linkArticleImages(tx, id, body.content);
      return loadArticle(tx, id);
    }
    throw new Error(`no free slug for "${body.title}" after ${SLUG_ATTEMPTS} attempts`);
  });
}

/**
 * Edits an article (agents and admins). The slug never changes; publishedAt is set the first time
 * it is published and kept after. An excerpt or tags left out are kept; '' and [] clear them. A
 * new category must be active; an article may stay in its current one even if it was deactivated.
 * A save that changes something keeps a revision; one sent with an outdated baseRevision is a 409
 * (docs/product.md#revisions).
 */
export async function updateArticleFields(
  viewer: KbViewer,
  articleId: string,
  body: z.output<typeof ZUpdateArticleRequest>,
): Promise<TKbArticle> {
  if (!isStaff(viewer)) throw forbidden();
  return sql.begin(async (tx) => {
    const current = await selectArticleFieldsForUpdate(tx, articleId);
    if (!current) throw articleNotFound();
    await requireBaseRevision(tx, articleId, body.baseRevision);
    if (body.categoryId !== current.categoryId) await requireUsableCategory(tx, body.categoryId);
    await updateArticle(tx, articleId, {
      title: body.title,
      content: body.content,
      contentText: await markdownPlainText(body.content),
      excerpt: body.excerpt === undefined ? undefined : body.excerpt || null,
      categoryId: body.categoryId,
      status: body.status,
      tags: body.tags === undefined ? undefined : normaliseTags(body.tags),
      isPopular: body.isPopular,
    });
    await linkArticleImages(tx, articleId, body.content);
    await keepRevision(tx, { articleId, editorId: viewer.id, before: current, restoredFrom: null });
    return loadArticle(tx, articleId);
  });
}
