import { z } from 'zod';
import { API_PATHS } from './api-paths.ts';
import { ARTICLE_STATUSES, KB_LIMITS } from './constants/kb.ts';
import { LIMITS } from './limits.ts';
import { invisibleCharactersMessage, VISIBLE_LINE } from './text.ts';

export { ARTICLE_STATUSES, KB_LIMITS } from './constants/kb.ts';

export const ZArticleStatus = z.enum(ARTICLE_STATUSES);
export type TArticleStatus = z.infer<typeof ZArticleStatus>;

/** GET /api/kb/categories, in sortOrder. articleCount counts published articles only, for everyone. */
export const ZKbCategory = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  icon: z.string(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  articleCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TKbCategory = z.infer<typeof ZKbCategory>;
export const ZKbCategoryListResponse = z.array(ZKbCategory);

/** An article in a list or search result: everything but the body. */
export const ZKbArticleSummary = z.object({
  id: z.uuid(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable(),
  categoryId: z.uuid(),
  status: ZArticleStatus,
  tags: z.array(z.string()),
  isPopular: z.boolean(),
  viewCount: z.number().int(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * isActive is always sent (optional only so older clients' fixtures still parse); false only ever
   * reaches staff, as end users never see an inactive category's articles.
   */
  category: z.object({ id: z.uuid(), name: z.string(), isActive: z.boolean().optional() }),
  author: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }),
});
export type TKbArticleSummary = z.infer<typeof ZKbArticleSummary>;

/** GET /api/kb/articles/{id} (counts a view). revision: the current revision's number (docs/product.md#revisions). */
export const ZKbArticle = ZKbArticleSummary.extend({
  content: z.string(),
  lastViewedAt: z.string().nullable(),
  /** An editor's "Show as popular" flag (isPopular: that flag or being among the most read); always sent. */
  isMarkedPopular: z.boolean().optional(),
  revision: z.number().int(),
});
export type TKbArticle = z.infer<typeof ZKbArticle>;

export const ZKbArticleIdParams = z.strictObject({ id: z.uuid({ error: 'Invalid article ID format' }) });

/**
 * GET /api/kb/articles: by category, or the popular ones (`isPopular=true&limit=5`). Newest update first
 * (popular: most read first). End users only ever get published articles; staff may filter by status.
 */
export const ZKbArticleListQuery = z.strictObject({
  categoryId: z.uuid({ error: 'Invalid category ID format' }).optional(),
  isPopular: z.enum(['true', 'false']).optional(),
  status: z.enum(['all', ...ARTICLE_STATUSES]).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(KB_LIMITS.listLimitMax)
    .optional()
    .default(KB_LIMITS.listLimitDefault),
  cursor: z.string().max(200).optional(),
});
export type TKbArticleListQuery = z.infer<typeof ZKbArticleListQuery>;

export const ZKbArticleListResponse = z.object({
  articles: z.array(ZKbArticleSummary),
  nextCursor: z.string().nullable(),
});
export type TKbArticleListResponse = z.infer<typeof ZKbArticleListResponse>;

/** Server messages of the knowledge base API (404s and field errors). */
export const KB_MESSAGES = {
  articleNotFound: 'Article not found',
  articleDeleted: 'Article deleted',
  categoryNotFound: 'Category not found',
  invalidCursor: 'Invalid cursor',
} as const;

/**
 * GET /api/kb/articles/search?q=: more than 2 characters, ranked best first.
 * Published articles only unless staff ask for another `status` (end users always get published only).
 */
export const ZKbSearchQuery = z.strictObject({
  q: z
    .string()
    .trim()
    .min(LIMITS.kbSearchMinChars, 'Search needs at least 3 characters')
    .max(KB_LIMITS.searchQueryMax, 'Search is too long'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(KB_LIMITS.searchLimitMax)
    .optional()
    .default(KB_LIMITS.searchLimitDefault),
  status: z.enum(['all', ...ARTICLE_STATUSES]).optional(),
});
export type TKbSearchQuery = z.infer<typeof ZKbSearchQuery>;
export const ZKbSearchResponse = z.object({ articles: z.array(ZKbArticleSummary) });
export type TKbSearchResponse = z.infer<typeof ZKbSearchResponse>;

const ZTags = z
  .array(z.string().trim().min(1, 'Tags cannot be empty').max(KB_LIMITS.tagMax, 'Tag is too long'))
  .max(KB_LIMITS.tagsMax, `At most ${KB_LIMITS.tagsMax} tags`);

/** The article form: the server sets authorId; the slug is built from the title when absent. */
export const ZCreateArticleRequest = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(LIMITS.articleTitleMax, 'Title is too long')
    .regex(VISIBLE_LINE, invisibleCharactersMessage('Title')),
  content: z.string().trim().min(1, 'Content is required').max(KB_LIMITS.contentMax, 'Content is too long'),
  excerpt: z.string().trim().max(KB_LIMITS.excerptMax, 'Excerpt is too long').optional(),
  categoryId: z.uuid({ error: 'Please choose a category' }),
  status: ZArticleStatus.optional().default('draft'),
  tags: ZTags.optional(),
  slug: z
    .string()
    .max(LIMITS.articleSlugMax)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Invalid slug')
    .optional(),
});
export type TCreateArticleRequest = z.input<typeof ZCreateArticleRequest>;

/**
 * PUT /api/kb/articles/{id}: the same fields; the slug never changes once made. isPopular is the
 * editor's "Show as popular" (left out: unchanged); a new article always starts unflagged.
 * baseRevision, when sent, is the revision the editor started from: another one is current -> 409
 * (ZKbEditConflict).
 */
export const ZUpdateArticleRequest = ZCreateArticleRequest.omit({ slug: true }).extend({
  isPopular: z.boolean().optional(),
  baseRevision: z.number().int().min(1).max(2_147_483_647).optional(),
});
export type TUpdateArticleRequest = z.input<typeof ZUpdateArticleRequest>;

/** A new article's slug: lowercase, non-alphanumerics removed, spaces to hyphens, repeats collapsed, '-' + timestamp. */
export function buildArticleSlug(title: string, now: number = Date.now()): string {
  const base = title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  const suffix = `-${now}`;
  return `${(base || 'article').slice(0, LIMITS.articleSlugMax - suffix.length)}${suffix}`;
}

export const kbArticlePath = (articleId: string) => `${API_PATHS.kbArticles}/${articleId}`;
