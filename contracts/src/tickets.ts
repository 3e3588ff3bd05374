import { z } from 'zod';
import { API_PATHS } from './api-paths.ts';
import { TICKET_CATEGORIES, TICKET_LIMITS, TICKET_PRIORITIES, TICKET_STATUSES } from './constants/tickets.ts';
import { LIMITS } from './limits.ts';
import { ZSlaExplanation } from './sla.ts';
import { invisibleCharactersMessage, VISIBLE_LINE } from './text.ts';

export {
  OPEN_TICKET_STATUSES,
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_LIMITS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
} from './constants/tickets.ts';

export const ZTicketPriority = z.enum(TICKET_PRIORITIES);
export type TTicketPriority = z.infer<typeof ZTicketPriority>;
export const ZTicketStatus = z.enum(TICKET_STATUSES);
export type TTicketStatus = z.infer<typeof ZTicketStatus>;
export const ZTicketCategory = z.enum(TICKET_CATEGORIES);
export type TTicketCategory = z.infer<typeof ZTicketCategory>;

/** File types an attachment may have; the API also checks the file's first bytes against the type. */
export const ATTACHMENT_MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'message/rfc822',
] as const;

export type TAttachmentMimeType = (typeof ATTACHMENT_MIME_TYPES)[number];

/**
 * The file name extensions an attachment may have, and the type each one means. The API types an
 * upload by its name (a name without an extension by its content) and refuses it when the first
 * bytes do not match; anything else (.html, .svg, .exe, ...) is refused. Lower case; names match
 * whatever their case. For a file input's `accept`, join the keys with a leading dot.
 */
export const ATTACHMENT_EXTENSION_TYPES: Readonly<Record<string, TAttachmentMimeType>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  eml: 'message/rfc822',
};

const ZPersonName = z.object({ firstName: z.string(), lastName: z.string() });

export const ZTicketRequester = ZPersonName.extend({ id: z.uuid(), email: z.string() });
export const ZTicketAssignee = ZPersonName.extend({ id: z.uuid() });

/** A ticket as the list shows it. Dates are ISO strings. */
export const ZTicketSummary = z.object({
  id: z.uuid(),
  ticketNumber: z.string(),
  title: z.string(),
  priority: ZTicketPriority,
  status: ZTicketStatus,
  category: ZTicketCategory,
  requesterId: z.uuid(),
  assigneeId: z.uuid().nullable(),
  teamId: z.uuid().nullable(),
  slaResponseBy: z.string().nullable(),
  slaResolveBy: z.string().nullable(),
  /** When each target turns at risk (three quarters of its working time used); null without a deadline. */
  slaResponseRiskAt: z.string().nullable(),
  slaResolveRiskAt: z.string().nullable(),
  /** Set while the ticket waits on its requester (its resolution deadline is then null: the clock is stopped). */
  waitingSince: z.string().nullable(),
  respondedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  requester: ZTicketRequester,
  assignee: ZTicketAssignee.nullable(),
});
export type TTicketSummary = z.infer<typeof ZTicketSummary>;

export const ZTicketComment = z.object({
  id: z.uuid(),
  ticketId: z.uuid(),
  content: z.string(),
  isInternal: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  author: ZPersonName.extend({ id: z.uuid(), profileImageUrl: z.string().nullable() }),
});
export type TTicketComment = z.infer<typeof ZTicketComment>;

export const ZAttachment = z.object({
  id: z.uuid(),
  ticketId: z.uuid(),
  fileName: z.string(),
  fileSize: z.number().int(),
  fileType: z.string(),
  createdAt: z.string(),
  uploadedBy: ZPersonName.extend({ id: z.uuid() }),
});
export type TAttachment = z.infer<typeof ZAttachment>;

/** One row of the ticket's timeline (ticket_events). End users never get events about internal notes. */
export const ZTicketEvent = z.object({
  id: z.uuid(),
  eventType: z.string(),
  eventData: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  user: ZPersonName.extend({ id: z.uuid() }).nullable(),
});
export type TTicketEvent = z.infer<typeof ZTicketEvent>;

/** Another ticket as a link names it. */
export const ZTicketRef = z.object({ id: z.uuid(), ticketNumber: z.string() });
export type TTicketRef = z.infer<typeof ZTicketRef>;

/** GET /api/tickets/{id} */
export const ZTicketDetail = ZTicketSummary.extend({
  description: z.string(),
  notifyRequester: z.boolean(),
  team: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  comments: z.array(ZTicketComment),
  attachments: z.array(ZAttachment),
  events: z.array(ZTicketEvent),
  /** The ticket whose late reply opened this one (docs/product.md#requester-replies). */
  followUpOf: ZTicketRef.nullable(),
  /** The tickets later replies to this one opened, oldest first. */
  followUps: z.array(ZTicketRef),
});
export type TTicketDetail = z.infer<typeof ZTicketDetail>;

export const ZTicketIdParams = z.strictObject({ id: z.uuid({ error: 'Invalid ticket ID format' }) });
export const ZAttachmentIdParams = z.strictObject({
  id: z.uuid({ error: 'Invalid ticket ID format' }),
  attachmentId: z.uuid({ error: 'Invalid attachment ID format' }),
});

export const ZTicketListResponse = z.object({
  tickets: z.array(ZTicketSummary),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TTicketListResponse = z.infer<typeof ZTicketListResponse>;

/** The placeholder the spec's client sends for an empty requester: it means the caller, never a user of its own. */
export const ANONYMOUS_REQUESTER_ID = 'anonymous-user';

/**
 * POST /api/tickets. An end user is always the requester. An agent or admin may file for someone
 * else by id or by email; absent, empty or ANONYMOUS_REQUESTER_ID, the requester is the creator.
 * Both at once must name the same person (docs/product.md#filing-for-someone-else).
 */
export const ZCreateTicketRequest = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, 'Subject is required')
    .max(LIMITS.ticketTitleMax, 'Subject is too long')
    .regex(VISIBLE_LINE, invisibleCharactersMessage('Subject')),
  description: z
    .string()
    .trim()
    .min(1, 'Description is required')
    .max(TICKET_LIMITS.descriptionMax, 'Description is too long'),
  priority: ZTicketPriority.optional().default('medium'),
  category: ZTicketCategory.optional().default('other'),
  requesterId: z
    .union([
      z.literal(''),
      z.literal(ANONYMOUS_REQUESTER_ID),
      z.uuid({ error: 'Invalid requester ID format' }),
    ])
    .optional(),
  requesterEmail: z
    .union([z.literal(''), z.email('Please enter a valid email address').max(LIMITS.emailMax)])
    .optional(),
  notifyRequester: z.boolean().optional().default(true),
});
export type TCreateTicketRequest = z.input<typeof ZCreateTicketRequest>;

/** PATCH /api/tickets/{id}: agents and admins only; null clears the assignee or team. */
export const ZUpdateTicketRequest = z
  .strictObject({
    status: ZTicketStatus.optional(),
    priority: ZTicketPriority.optional(),
    assigneeId: z.uuid({ error: 'Invalid assignee ID format' }).nullable().optional(),
    teamId: z.uuid({ error: 'Invalid team ID format' }).nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });
export type TUpdateTicketRequest = z.infer<typeof ZUpdateTicketRequest>;

export const ZCreateCommentRequest = z.strictObject({
  content: z
    .string()
    .trim()
    .min(1, 'Comment cannot be empty')
    .max(TICKET_LIMITS.commentMax, 'Comment is too long'),
  isInternal: z.boolean().optional().default(false),
});
export type TCreateCommentRequest = z.input<typeof ZCreateCommentRequest>;

/**
 * POST /api/tickets/{id}/comments answers the stored comment, or, when a requester's reply came
 * too late to reopen the ticket, the follow-up ticket it opened instead (docs/product.md#requester-replies).
 */
export const ZFollowUpAnswer = z.object({ followUpTicket: ZTicketRef });
export const ZAddCommentAnswer = z.union([ZTicketComment, ZFollowUpAnswer]);
export type TAddCommentAnswer = z.infer<typeof ZAddCommentAnswer>;

/** A ticket's SLA status (docs/product.md#sla). */
export const SLA_TARGET_STATUSES = ['on_track', 'at_risk', 'breached', 'met', 'n/a'] as const;
export const ZSlaTargetStatus = z.enum(SLA_TARGET_STATUSES);
export type TSlaTargetStatus = z.infer<typeof ZSlaTargetStatus>;

export const ZTicketSlaStatus = z.object({
  responseStatus: ZSlaTargetStatus,
  resolutionStatus: ZSlaTargetStatus,
  /** Minutes until the target (negative once overdue); null when the target is met or not set. */
  responseTimeRemaining: z.number().int().nullable(),
  resolutionTimeRemaining: z.number().int().nullable(),
  /** Why each target is in its state: policy, calendar, deadlines, at-risk moments, hold. */
  explanation: ZSlaExplanation,
});
export type TTicketSlaStatus = z.infer<typeof ZTicketSlaStatus>;

/** GET /api/tickets/assignment-options: what the Assignee and Team selects offer (agents and admins). */
export const ZAssignmentOptions = z.object({
  assignees: z.array(ZTicketAssignee),
  teams: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type TAssignmentOptions = z.infer<typeof ZAssignmentOptions>;

export const ticketPath = (ticketId: string) => `${API_PATHS.tickets}/${ticketId}`;
export const ticketCommentsPath = (ticketId: string) => `${ticketPath(ticketId)}/comments`;
export const ticketSlaStatusPath = (ticketId: string) => `${ticketPath(ticketId)}/sla-status`;
/** PUT: wait on the requester; DELETE: resume the clock (agents and admins). */
export const ticketWaitingPath = (ticketId: string) => `${ticketPath(ticketId)}/waiting`;
export const ticketAttachmentsPath = (ticketId: string) => `${ticketPath(ticketId)}/attachments`;
export const attachmentDownloadPath = (ticketId: string, attachmentId: string) =>
  `${ticketAttachmentsPath(ticketId)}/${attachmentId}`;
export const TICKET_ASSIGNMENT_OPTIONS_PATH = `${API_PATHS.tickets}/assignment-options`;

/** Messages of the ticket endpoints (field messages and error messages the UI may show as they are). */
export const TICKET_MESSAGES = {
  ticketNotFound: 'Ticket not found',
  attachmentNotFound: 'Attachment not found',
  noActiveUserWithEmail: 'No active user with that email',
  requesterNotAllowed: 'Only agents and admins can file a ticket for someone else',
  noActiveUserWithId: 'No active user with that ID',
  requesterMismatch: 'Requester ID and requester email name different people',
  assigneeInvalid: 'Assignee must be an active agent or admin',
  teamInvalid: 'Team must be an active team',
  internalCommentForbidden: 'Only agents and admins can add internal notes',
  invalidCursor: 'Invalid cursor',
  fileRequired: 'Choose a file to upload',
  fileOnlyOne: "Send exactly one file, in the 'file' field",
  fileEmpty: 'The file is empty',
  fileTooLarge: 'File is larger than 10 MB',
  fileTypeNotAllowed: 'This file type is not allowed',
  fileContentMismatch: 'The file content does not match its type',
  malformedUpload: 'Malformed multipart body',
  uploadMustBeMultipart: 'Upload a file as multipart/form-data',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
} as const;

/** The multipart field an attachment upload carries its file in. */
export const ATTACHMENT_UPLOAD_FIELD = 'file';

/**
 * Ticket and comment creation honour this header: a retry with the same key (per user, for 24
 * hours) and the same body answers the first response and creates nothing new.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/**
 * The ticket timeline's event types and their eventData:
 * created { priority, category } · status_changed { from, to } · priority_changed { from, to } ·
 * assigned { from, to, fromName, toName } (user ids and full names, null when unassigned) ·
 * team_changed { from, to, fromName, toName } · comment_added { commentId, isInternal } ·
 * status_changed carries reason 'requester_reply' when the requester's reply reopened the ticket ·
 * attachment_added { attachmentId, fileName } ·
 * waiting_started { until } (ISO or null) ·
 * waiting_ended { since, reason (WAITING_END_REASONS), wallMinutes, pausedMinutes (working minutes the
 * resolution deadline moved by), resolveBy (the new deadline, ISO or null) } ·
 * trigger_applied { triggerId, triggerName, actions (TTriggerAppliedAction[], what the rule did) }.
 */
export const TICKET_EVENT_TYPES = [
  'created',
  'status_changed',
  'priority_changed',
  'assigned',
  'team_changed',
  'comment_added',
  'attachment_added',
  'waiting_started',
  'waiting_ended',
  'trigger_applied',
] as const;
export type TTicketEventType = (typeof TICKET_EVENT_TYPES)[number];

/** A target is 'at_risk' when less than this fraction of its window (created to deadline) is left. */
export const SLA_AT_RISK_FRACTION = 0.25;
