import { z } from 'zod';
import { waitInWords } from './constants/wait-in-words.ts';
import { invisibleCharactersMessage, VISIBLE_LINE } from './text.ts';
import { ZTicketStatus } from './tickets.ts';

/**
 * Canned replies (docs/product.md#canned-replies): texts agents and admins insert into a comment, with
 * placeholders filled for the ticket being answered. Personal ones are their owner's alone; shared ones
 * are read by every staff member and changed by their author or an admin.
 */
export const CANNED_REPLY_PATHS = {
  /** GET: the caller's personal replies and the shared ones; POST: add one. */
  list: '/api/canned-replies',
} as const;

/** `/api/canned-replies/{id}` (PATCH: change one; DELETE: remove one). */
export const cannedReplyPath = (replyId: string) => `${CANNED_REPLY_PATHS.list}/${replyId}`;

export const CANNED_REPLY_LIMITS = {
  titleMax: 120,
  /** As long as the comment it becomes. */
  bodyMax: 10_000,
  /** Replies one person may have written (personal and shared together). */
  perPersonMax: 100,
  /** Shared replies the whole desk may hold: the composer's list stays short enough to read whole. */
  sharedMax: 300,
} as const;

/**
 * The placeholders a reply may use, written `{{name}}`, and what each becomes: the ticket's requester,
 * the ticket, and the agent sending the reply.
 */
export const CANNED_REPLY_PLACEHOLDERS = [
  'requester.first_name',
  'requester.name',
  'ticket.number',
  'ticket.title',
  'agent.first_name',
  'agent.name',
] as const;
export type TCannedReplyPlaceholder = (typeof CANNED_REPLY_PLACEHOLDERS)[number];

export const CANNED_REPLY_MESSAGES = {
  invalidReplyId: 'Invalid canned reply ID format',
  replyNotFound: 'Canned reply not found',
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be at most 120 characters',
  bodyRequired: 'Reply text is required',
  bodyTooLong: 'Reply text must be at most 10000 characters',
  unknownPlaceholder: (placeholder: string) =>
    `The placeholder "${placeholder}" is unknown. Use requester.first_name, requester.name, ticket.number, ticket.title, agent.first_name or agent.name.`,
  notYours: 'Only its author or an admin may change a shared canned reply',
  tooManyReplies: 'You have reached the most canned replies one person may keep (100). Delete one first.',
  tooManyShared: 'The desk has reached the most shared canned replies it may keep (300). Delete one first.',
  tooManyChanges: (waitSeconds: number) =>
    `You have changed canned replies too many times in a short time. Please try again in ${waitInWords(waitSeconds)}.`,
} as const;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

const isKnownPlaceholder = (name: string): name is TCannedReplyPlaceholder =>
  (CANNED_REPLY_PLACEHOLDERS as readonly string[]).includes(name);

/** The placeholders of a text that the desk does not know, in order of appearance, each once. */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!isKnownPlaceholder(name)) unknown.add(name);
  }
  return [...unknown];
}

/** What the placeholders stand for when a reply is inserted. */
export type TCannedReplyValues = Readonly<Record<TCannedReplyPlaceholder, string>>;

/** A reply's text with its placeholders filled in; an unknown one stays as written. */
export function fillCannedReply(text: string, values: TCannedReplyValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    isKnownPlaceholder(name) ? values[name] : whole,
  );
}

const ZTitle = z
  .string()
  .trim()
  .min(1, { error: CANNED_REPLY_MESSAGES.titleRequired })
  .max(CANNED_REPLY_LIMITS.titleMax, { error: CANNED_REPLY_MESSAGES.titleTooLong })
  .regex(VISIBLE_LINE, invisibleCharactersMessage('Title'));

const ZBody = z
  .string()
  .trim()
  .min(1, { error: CANNED_REPLY_MESSAGES.bodyRequired })
  .max(CANNED_REPLY_LIMITS.bodyMax, { error: CANNED_REPLY_MESSAGES.bodyTooLong })
  .superRefine((body, context) => {
    const [first] = unknownPlaceholders(body);
    if (first !== undefined) {
      context.addIssue({ code: 'custom', message: CANNED_REPLY_MESSAGES.unknownPlaceholder(first) });
    }
  });

/** POST /api/canned-replies. */
export const ZCreateCannedReplyRequest = z.strictObject({
  title: ZTitle,
  body: ZBody,
  /** Shared with every agent and admin, or the author's own. */
  isShared: z.boolean(),
  setStatus: ZTicketStatus.nullable().optional().default(null),
});
export type TCreateCannedReplyRequest = z.input<typeof ZCreateCannedReplyRequest>;

/** PATCH /api/canned-replies/{id}: any of the fields; a reply may move between personal and shared. */
export const ZUpdateCannedReplyRequest = z
  .strictObject({
    title: ZTitle.optional(),
    body: ZBody.optional(),
    isShared: z.boolean().optional(),
    setStatus: ZTicketStatus.nullable().optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to update' });
export type TUpdateCannedReplyRequest = z.input<typeof ZUpdateCannedReplyRequest>;

export const ZCannedReplyIdParams = z.strictObject({
  replyId: z.uuid({ error: CANNED_REPLY_MESSAGES.invalidReplyId }),
});

/** One canned reply as the composer and the management dialog show it. */
export const ZCannedReply = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  isShared: z.boolean(),
  setStatus: ZTicketStatus.nullable(),
  /** Who wrote it (null once that account is gone). */
  author: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }).nullable(),
  /** Whether the caller may change or delete it: their own, or shared and theirs or they are an admin. */
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCannedReply = z.infer<typeof ZCannedReply>;

/** Every reply the caller may use, by title (personal and shared mixed). */
export const ZCannedReplyListResponse = z.object({ replies: z.array(ZCannedReply) });
export type TCannedReplyListResponse = z.infer<typeof ZCannedReplyListResponse>;
