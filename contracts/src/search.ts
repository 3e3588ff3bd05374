import { z } from 'zod';
import { SEARCH_LIMITS, SEARCH_MESSAGES } from './constants/search.ts';
import { ZArticleStatus } from './kb.ts';
import { ZTicketPriority, ZTicketStatus } from './tickets.ts';
import { ZUserRole, ZUserStatus } from './users.ts';

export { SEARCH_LIMITS, SEARCH_MESSAGES, searchQueryKey } from './constants/search.ts';

/**
 * GET /api/search?q=&limit=: tickets, people and knowledge base articles at once, each group ranked
 * best first and at most `limit` long. `q` is plain words (never query syntax), trimmed.
 */
export const ZSearchQuery = z.strictObject({
  q: z
    .string(SEARCH_MESSAGES.tooShort)
    .trim()
    .min(SEARCH_LIMITS.queryMin, SEARCH_MESSAGES.tooShort)
    .max(SEARCH_LIMITS.queryMax, SEARCH_MESSAGES.tooLong),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(SEARCH_LIMITS.limitMax)
    .optional()
    .default(SEARCH_LIMITS.limitDefault),
});
export type TSearchQuery = z.infer<typeof ZSearchQuery>;

/**
 * A part of a text that matched the search: [start, end) in UTF-16 code units, as JavaScript
 * strings index. Ranges are sorted and never overlap.
 */
export const ZHighlightRange = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) });
export type THighlightRange = z.infer<typeof ZHighlightRange>;

/** Plain text (never HTML) with the ranges a client marks; React renders them as <mark>. */
export const ZHighlightedText = z.object({ text: z.string(), highlights: z.array(ZHighlightRange) });
export type THighlightedText = z.infer<typeof ZHighlightedText>;

export const ZSearchTicketHit = z.object({
  id: z.uuid(),
  ticketNumber: z.string(),
  title: z.string(),
  titleHighlights: z.array(ZHighlightRange),
  status: ZTicketStatus,
  priority: ZTicketPriority,
  requester: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }),
  assignee: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }).nullable(),
  /** Where the snippet comes from: the description, or a comment the viewer may read. */
  snippetSource: z.enum(['description', 'comment']),
  snippet: ZHighlightedText,
});
export type TSearchTicketHit = z.infer<typeof ZSearchTicketHit>;

/** A person (found only by agents and admins). */
export const ZSearchUserHit = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  role: ZUserRole,
  status: ZUserStatus,
});
export type TSearchUserHit = z.infer<typeof ZSearchUserHit>;

export const ZSearchArticleHit = z.object({
  id: z.uuid(),
  title: z.string(),
  titleHighlights: z.array(ZHighlightRange),
  status: ZArticleStatus,
  category: z.object({ id: z.uuid(), name: z.string() }),
  snippet: ZHighlightedText,
});
export type TSearchArticleHit = z.infer<typeof ZSearchArticleHit>;

export const ZSearchResponse = z.object({
  tickets: z.array(ZSearchTicketHit),
  users: z.array(ZSearchUserHit),
  articles: z.array(ZSearchArticleHit),
});
export type TSearchResponse = z.infer<typeof ZSearchResponse>;
