import {
  helpfulRate,
  KB_FEEDBACK_MESSAGES,
  KB_MESSAGES,
  type TKbFeedback,
  type TKbFeedbackSummary,
  type TKbFeedbackSummaryQuery,
  type TUser,
  type TUserRole,
  type ZKbFeedbackRequest,
} from '@helpdesk/contracts';
import type { z } from 'zod';
import { isCursorTime, isRowId } from '../db/cursor-parts.ts';
import { sql } from '../db.ts';
import { badRequest, notFound } from '../errors.ts';
import { searchWords } from '../kb/search-terms.ts';
import type { Budget } from '../limits/limiter.ts';
import { enforceRateLimit } from '../limits/rate-limits.ts';
import {
  countDeflection,
  countSearchMiss,
  type SearchMiss,
  saveFeedback,
  selectArticleVisible,
  selectFeedback,
  selectFeedbackComments,
  selectFeedbackCounts,
} from './queries.ts';
import { SpentMissBudgets } from './spent-budgets.ts';

type Reader = Pick<TUser, 'id' | 'role'>;

const isStaff = (role: TUserRole) => role === 'admin' || role === 'agent';
const MINUTE = 60_000;

/** Answers: 20 at once, then one every 30 s (docs/security.md#write-limits). */
const feedbackBudget = (reader: Reader): Budget => ({
  key: `kb-feedback:user:${reader.id}`,
  limit: 20,
  windowMs: 10 * MINUTE,
});
/** Deflections: 10 at once, then one a minute; nobody abandons more drafts than that by hand. */
const deflectionBudget = (reader: Reader): Budget => ({
  key: `kb-deflection:user:${reader.id}`,
  limit: 10,
  windowMs: 10 * MINUTE,
});

/** A draft, archived or hidden article answers an end user like a missing one (docs/security.md#object-scope). */
async function requireVisibleArticle(reader: Reader, articleId: string): Promise<void> {
  if (!(await selectArticleVisible(sql, articleId, isStaff(reader.role)))) {
    throw notFound(KB_MESSAGES.articleNotFound);
  }
}

/** The caller's own answer on an article they may see, or null before they answer. */
export async function getOwnFeedback(
  reader: Reader,
  articleId: string,
): Promise<{ feedback: TKbFeedback | null }> {
  await requireVisibleArticle(reader, articleId);
  return { feedback: await selectFeedback(sql, articleId, reader.id) };
}

/**
 * Saves the caller's answer (one per person and article, replacing the last). A comment is kept
 * with "No" only, trimmed; an empty one is none. Write-limited per person.
 */
export async function answerFeedback(
  reader: Reader,
  articleId: string,
  body: z.output<typeof ZKbFeedbackRequest>,
): Promise<TKbFeedback> {
  await requireVisibleArticle(reader, articleId);
  await enforceRateLimit(sql, [feedbackBudget(reader)], KB_FEEDBACK_MESSAGES.tooManyAnswers);
  const comment = body.helpful ? null : body.comment || null;
  return sql.begin((tx) =>
    saveFeedback(tx, { articleId, userId: reader.id, helpful: body.helpful, comment }),
  );
}

const invalidCursor = () =>
  badRequest(KB_FEEDBACK_MESSAGES.invalidCursor, { cursor: KB_FEEDBACK_MESSAGES.invalidCursor });

function decodeCommentCursor(cursor: string): { at: string; userId: string } {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const [kind, at = '', userId = ''] = parts;
  if (parts.length !== 3 || kind !== 'f' || !isCursorTime(at) || !isRowId(userId)) throw invalidCursor();
  return { at, userId };
}

/** Staff: an article's yes/no counts, its helpful rate and a page of "No" comments, newest first. */
export async function getFeedbackSummary(
  articleId: string,
  query: TKbFeedbackSummaryQuery,
): Promise<TKbFeedbackSummary> {
  const after = query.cursor === undefined ? null : decodeCommentCursor(query.cursor);
  if (!(await selectArticleVisible(sql, articleId, true))) throw notFound(KB_MESSAGES.articleNotFound);
  const [counts, rows] = await Promise.all([
    selectFeedbackCounts(sql, articleId),
    selectFeedbackComments(sql, articleId, { limit: query.limit + 1, after }),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    ...counts,
    helpfulRate: helpfulRate(counts.yes, counts.no),
    comments: page.map(({ cursorAt: _cursorAt, ...comment }) => comment),
    nextCursor:
      rows.length > query.limit && last
        ? Buffer.from(`f|${last.cursorAt}|${last.user.id}`, 'utf8').toString('base64url')
        : null,
  };
}

/** The longest phrase kept for a search that found nothing (the table's check allows 200). */
const MISS_WORDS_MAX = 120;

/**
 * What a knowledge base search that finds nothing logs: its distinct words, sorted so word order
 * does not split one need into several rows, counted per day; null when no word is left. Past the
 * person's daily budget the search is not logged (the search itself is never refused for it). Its
 * own tables, not the rate limiter's: a search is a read, and only these counters may move on it
 * (docs/security.md#cross-site-requests).
 */
export function searchMissOf(reader: Reader, query: string): SearchMiss | null {
  const words = searchWords(query).sort().join(' ').slice(0, MISS_WORDS_MAX).trim();
  return words === '' ? null : { words, userId: reader.id };
}

let spentBudgets = new SpentMissBudgets();

/** Starts this process's memory of spent budgets afresh (tests that set a budget behind its back). */
export function forgetSpentMissBudgets(): void {
  spentBudgets = new SpentMissBudgets();
}

/**
 * Counts a search that found nothing, after the search: the search itself stays a read of its own
 * pool, and a search that finds something writes nothing and sends nothing more. A reader this
 * process saw spend their budget today is not counted again: no statement at all.
 */
export async function recordSearchMiss(miss: SearchMiss | null): Promise<void> {
  if (miss === null || spentBudgets.has(miss.userId)) return;
  const { isBudgetSpent } = await countSearchMiss(sql, miss);
  if (isBudgetSpent) spentBudgets.add(miss.userId);
}

/** Counts a deflection by a published article in an active category (404 otherwise); write-limited per person. */
export async function recordDeflection(reader: Reader, articleId: string): Promise<void> {
  // Only a published article is ever suggested, whoever files: checked as for an end user before
  // the budget is spent, so a refused report spends nothing.
  if (!(await selectArticleVisible(sql, articleId, false))) throw notFound(KB_MESSAGES.articleNotFound);
  await enforceRateLimit(sql, [deflectionBudget(reader)], KB_FEEDBACK_MESSAGES.tooManyDeflections);
  if (!(await countDeflection(sql, articleId))) throw notFound(KB_MESSAGES.articleNotFound);
}
