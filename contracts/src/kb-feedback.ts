import { z } from 'zod';
import { API_PATHS } from './api-paths.ts';
import { waitInWords } from './constants/wait-in-words.ts';

/** "Was this helpful?" and the knowledge-base counters (docs/product.md#was-this-helpful). */
export const KB_FEEDBACK_LIMITS = {
  /** A "No" answer's optional comment, after trimming. */
  commentMax: 1_000,
  summaryCommentsDefault: 10,
  summaryCommentsMax: 50,
} as const;

export const KB_FEEDBACK_MESSAGES = {
  commentTooLong: `Comment is too long (at most ${KB_FEEDBACK_LIMITS.commentMax} characters)`,
  commentInvisible: 'Comment must not contain control characters',
  invalidCursor: 'Invalid cursor',
  tooManyAnswers: (waitSeconds: number) =>
    `You have answered too often in a short time. Please try again in ${waitInWords(waitSeconds)}.`,
  tooManyDeflections: (waitSeconds: number) =>
    `Too many requests in a short time. Please try again in ${waitInWords(waitSeconds)}.`,
  thanks: 'Thanks for your feedback',
  saveError: 'Your answer could not be saved. Please try again.',
} as const;

/** `/api/kb/articles/{id}/feedback` */
export const kbArticleFeedbackPath = (articleId: string) => `${API_PATHS.kbArticles}/${articleId}/feedback`;
/** `/api/kb/articles/{id}/feedback/summary` */
export const kbArticleFeedbackSummaryPath = (articleId: string) =>
  `${kbArticleFeedbackPath(articleId)}/summary`;
export const KB_DEFLECTIONS_PATH = '/api/kb/deflections';

/**
 * Plain text over lines: no control characters but line breaks and tabs, no bidirectional
 * overrides or zero-width characters that would make the comment read differently from what it holds.
 */
const PLAIN_MULTILINE = /^[^\p{Cc}\p{Cf}\u2028\u2029]*$/u;
const withoutLineBreaks = (text: string) => text.replace(/[\r\n\t]/g, ' ');

/** PUT /api/kb/articles/{id}/feedback. A comment is kept with "No" only; with "Yes" it is dropped. */
export const ZKbFeedbackRequest = z.strictObject({
  helpful: z.boolean({ error: 'helpful must be true or false' }),
  comment: z
    .string()
    .trim()
    .max(KB_FEEDBACK_LIMITS.commentMax, KB_FEEDBACK_MESSAGES.commentTooLong)
    .refine((text) => PLAIN_MULTILINE.test(withoutLineBreaks(text)), KB_FEEDBACK_MESSAGES.commentInvisible)
    .nullable()
    .optional(),
});
export type TKbFeedbackRequest = z.input<typeof ZKbFeedbackRequest>;

/** The caller's own answer. */
export const ZKbFeedback = z.object({
  helpful: z.boolean(),
  comment: z.string().nullable(),
  updatedAt: z.string(),
});
export type TKbFeedback = z.infer<typeof ZKbFeedback>;

/** GET /api/kb/articles/{id}/feedback: the caller's answer, or null before they answer. */
export const ZKbFeedbackResponse = z.object({ feedback: ZKbFeedback.nullable() });
export type TKbFeedbackResponse = z.infer<typeof ZKbFeedbackResponse>;

export const ZKbFeedbackSummaryQuery = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(KB_FEEDBACK_LIMITS.summaryCommentsMax)
    .optional()
    .default(KB_FEEDBACK_LIMITS.summaryCommentsDefault),
});
export type TKbFeedbackSummaryQuery = z.infer<typeof ZKbFeedbackSummaryQuery>;

export const ZKbFeedbackComment = z.object({
  comment: z.string(),
  at: z.string(),
  user: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }),
});
export type TKbFeedbackComment = z.infer<typeof ZKbFeedbackComment>;

/**
 * GET /api/kb/articles/{id}/feedback/summary (staff): the current answers (each person's latest),
 * helpfulRate = yes / (yes + no) as a percentage with one decimal (null with no answers), and the
 * "No" comments newest first.
 */
export const ZKbFeedbackSummary = z.object({
  yes: z.number().int(),
  no: z.number().int(),
  helpfulRate: z.number().nullable(),
  comments: z.array(ZKbFeedbackComment),
  nextCursor: z.string().nullable(),
});
export type TKbFeedbackSummary = z.infer<typeof ZKbFeedbackSummary>;

/** POST /api/kb/deflections: a suggested article was opened and the ticket draft then abandoned. */
export const ZKbDeflectionRequest = z.strictObject({
  articleId: z.uuid({ error: 'Invalid article ID format' }),
});
export type TKbDeflectionRequest = z.infer<typeof ZKbDeflectionRequest>;

/** yes / (yes + no) x 100 with one decimal; null when nobody answered. */
export function helpfulRate(yes: number, no: number): number | null {
  const total = yes + no;
  return total === 0 ? null : Math.round((1000 * yes) / total) / 10;
}
