import { z } from 'zod';
import { API_PATHS } from './api-paths.ts';
import { TICKET_CATEGORIES, TICKET_LIMITS, TICKET_PRIORITIES, TICKET_STATUSES } from './constants/tickets.ts';

/**
 * The queues agents work (docs/product.md#queues). Each view is a fixed filter the server owns;
 * the other list parameters narrow it further.
 * - `mine`: open tickets assigned to the caller
 * - `unassigned`: open tickets with nobody assigned
 * - `my_teams`: open tickets of the caller's teams
 * - `at_risk`: open tickets past the at-risk moment of a deadline they can still miss (at risk or breached)
 * - `waiting`: open tickets waiting on their requester
 * - `open`: open tickets (new, in progress)
 * - `all`: every ticket
 * End users have `open` and `all`, of their own tickets only; the others are staff views.
 */
export const TICKET_VIEWS = ['mine', 'unassigned', 'my_teams', 'at_risk', 'waiting', 'open', 'all'] as const;
export const ZTicketView = z.enum(TICKET_VIEWS, { error: 'Unknown view' });
export type TTicketView = z.infer<typeof ZTicketView>;

/** The views an end user may ask for (their own tickets). */
export const END_USER_TICKET_VIEWS = ['open', 'all'] as const satisfies readonly TTicketView[];

export const TICKET_VIEW_LABELS: Record<TTicketView, string> = {
  mine: 'My open tickets',
  unassigned: 'Unassigned',
  my_teams: 'My teams',
  at_risk: 'At risk and breached',
  waiting: 'Waiting on requester',
  open: 'All open',
  all: 'All',
};

/**
 * The list orders. `created`, `updated` and `priority` ascending, `due` soonest first (the next
 * deadline the ticket can still miss); a leading '-' reverses. Tickets with no deadline come last
 * in both `due` orders. Ties break on creation time, then id, in the same direction.
 */
export const TICKET_SORTS = [
  'created',
  '-created',
  'updated',
  '-updated',
  'priority',
  '-priority',
  'due',
  '-due',
] as const;
export const ZTicketSort = z.enum(TICKET_SORTS, { error: 'Unknown sort' });
export type TTicketSort = z.infer<typeof ZTicketSort>;

/** Each view's order when the request names none. */
export const DEFAULT_TICKET_SORT: Record<TTicketView, TTicketSort> = {
  mine: 'due',
  unassigned: '-created',
  my_teams: 'due',
  at_risk: 'due',
  waiting: '-updated',
  open: '-created',
  all: '-created',
};

export const TICKET_LIST_MESSAGES = {
  viewForbidden: 'Only agents and admins can use this view',
  parameterForbidden: 'Only agents and admins can filter by assignee, team or requester',
  cursorMismatch: 'This cursor belongs to another view, sort or filter: start again from the first page',
  tooManyValues: 'Too many values',
  unknownValue: 'Unknown value',
} as const;

/**
 * A query value as the server's router hands it over: it splits a value with commas (and a
 * repeated parameter) into an array, so both forms are read back as the text that was sent.
 */
const queryText = () =>
  z
    .union([z.string(), z.array(z.string()).max(1000, TICKET_LIST_MESSAGES.tooManyValues)])
    .transform((value) => (Array.isArray(value) ? value.join(',') : value));

/** A comma-separated list of enum values ('all' or empty means no filter): each at most once, none unknown. */
const commaList = <const T extends readonly [string, ...string[]]>(values: T) =>
  queryText()
    .pipe(z.string().max(200, TICKET_LIST_MESSAGES.tooManyValues))
    .transform((text, ctx) => {
      if (text === '' || text === 'all') return undefined;
      const parts = text.split(',');
      if (parts.length > values.length) {
        ctx.addIssue({ code: 'custom', message: TICKET_LIST_MESSAGES.tooManyValues });
        return z.NEVER;
      }
      const known = new Set<string>(values);
      const picked = new Set<T[number]>();
      for (const part of parts) {
        if (!known.has(part)) {
          ctx.addIssue({
            code: 'custom',
            message: `${TICKET_LIST_MESSAGES.unknownValue}: ${part.slice(0, 40)}`,
          });
          return z.NEVER;
        }
        picked.add(part as T[number]);
      }
      return [...picked];
    });

/**
 * GET /api/tickets. Without `view` and `sort` it is the spec's list: every ticket the caller may
 * see (an end user: their own), newest first. `status` and `priority` take one value or several
 * (comma-separated); `assignee` an id, `me` or `none`; `team` an id or `none`. `q` matches words
 * the way the search box does. The cursor is valid only for the view, sort and filters it came from.
 */
export const ZTicketListQuery = z.strictObject({
  view: ZTicketView.optional(),
  status: commaList(TICKET_STATUSES).optional(),
  priority: commaList(TICKET_PRIORITIES).optional(),
  category: commaList(TICKET_CATEGORIES).optional(),
  assignee: z
    .union([z.literal('me'), z.literal('none'), z.uuid()], { error: 'Assignee must be an ID, me or none' })
    .optional(),
  team: z.union([z.literal('none'), z.uuid()], { error: 'Team must be an ID or none' }).optional(),
  requester: z.uuid({ error: 'Invalid requester ID format' }).optional(),
  q: queryText().pipe(z.string().trim().max(200, 'Search text is too long')).optional(),
  sort: ZTicketSort.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(TICKET_LIMITS.listLimitMax)
    .optional()
    .default(TICKET_LIMITS.listLimitDefault),
  /** Opaque: the previous page's nextCursor. */
  cursor: z.string().max(400).optional(),
});
export type TTicketListQuery = z.infer<typeof ZTicketListQuery>;
/** The list's query as a client writes it (before defaults and parsing). */
export type TTicketListParams = z.input<typeof ZTicketListQuery>;

export const TICKET_VIEWS_PATH = `${API_PATHS.tickets}/views`;

/**
 * GET /api/tickets/views: the caller's count of each view they may use. Counts come from counters
 * or bounded reads, never from counting the table: a view listed in `capped` has more tickets
 * than its number (show it as "N+").
 */
export const ZTicketViewCounts = z.object({
  views: z.partialRecord(ZTicketView, z.number().int().nonnegative()),
  capped: z.array(ZTicketView),
});
export type TTicketViewCounts = z.infer<typeof ZTicketViewCounts>;

export const TICKET_BULK_PATH = `${API_PATHS.tickets}/bulk`;
export const TICKET_BULK_MAX = 100;

export const TICKET_BULK_MESSAGES = {
  nothingToChange: 'Nothing to change',
  tooMany: `At most ${TICKET_BULK_MAX} tickets at once`,
  noTickets: 'Select at least one ticket',
  duplicateIds: 'Each ticket may be named once',
  ticketsNotFound: 'Some of these tickets do not exist',
} as const;

/**
 * POST /api/tickets/bulk (agents and admins, honours Idempotency-Key): the same change to up to
 * TICKET_BULK_MAX tickets. Every id must name an existing ticket (404 naming the missing ones
 * otherwise, nothing changed); then each ticket's change is its own all-or-nothing step.
 */
export const ZBulkTicketChanges = z
  .strictObject({
    status: z.enum(TICKET_STATUSES).optional(),
    priority: z.enum(TICKET_PRIORITIES).optional(),
    assigneeId: z.uuid({ error: 'Invalid assignee ID format' }).nullable().optional(),
    teamId: z.uuid({ error: 'Invalid team ID format' }).nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: TICKET_BULK_MESSAGES.nothingToChange });

export const ZBulkTicketRequest = z.strictObject({
  ids: z
    .array(z.uuid({ error: 'Invalid ticket ID format' }))
    .min(1, TICKET_BULK_MESSAGES.noTickets)
    .max(TICKET_BULK_MAX, TICKET_BULK_MESSAGES.tooMany)
    .refine((ids) => new Set(ids).size === ids.length, { message: TICKET_BULK_MESSAGES.duplicateIds }),
  changes: ZBulkTicketChanges,
});
export type TBulkTicketRequest = z.infer<typeof ZBulkTicketRequest>;

/** One ticket's outcome, in the request's order: changed (ok), or refused with the reason. */
export const ZBulkTicketResult = z.object({ id: z.uuid(), ok: z.boolean(), error: z.string().optional() });
export const ZBulkTicketResponse = z.object({ results: z.array(ZBulkTicketResult) });
export type TBulkTicketResponse = z.infer<typeof ZBulkTicketResponse>;

/**
 * Presence on a ticket page (agents and admins): PUT `{ typing }` every PRESENCE.heartbeatMs while
 * the page is open, DELETE on leaving; GET answers who else has it open. Someone whose heartbeat
 * stopped is gone after PRESENCE.expiresMs.
 */
export const PRESENCE = { heartbeatMs: 10_000, expiresMs: 25_000 } as const;
export const ticketPresencePath = (ticketId: string) => `${API_PATHS.tickets}/${ticketId}/presence`;
export const ZPresenceRequest = z.strictObject({ typing: z.boolean() });
export type TPresenceRequest = z.infer<typeof ZPresenceRequest>;
export const ZTicketViewer = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  typing: z.boolean(),
  /** When they opened the ticket (ISO). */
  since: z.string(),
});
export type TTicketViewer = z.infer<typeof ZTicketViewer>;
/** Everyone but the caller who has the ticket open now. */
export const ZTicketPresence = z.object({ viewers: z.array(ZTicketViewer) });
export type TTicketPresence = z.infer<typeof ZTicketPresence>;
