import {
  DEFAULT_SETTINGS,
  fillServerText,
  LIMITS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_STATUS_TITLES,
  serverTextParts,
  TICKET_STATUS_LABELS,
  type TNotificationType,
  type TSettingsLanguage,
  type TTicketCategory,
  type TTicketEventType,
  type TTicketPriority,
  type TTicketStatus,
  type TUserRole,
  type TWebhookData,
  type TWebhookEvent,
  type TWebhookTicket,
} from '@helpdesk/contracts';
import {
  type MailLinks,
  preparePublicReply,
  prepareTicketConfirmation,
  prepareTicketResolved,
  type Recipient,
  type TicketMailFacts,
} from '../email/prepare.ts';
import type { NewOutboxMessage } from '../email/queries.ts';
import type { JobPayload } from '../jobs/service.ts';
import type { NotificationAudience } from '../notifications/queries.ts';
import type { TicketEventData } from './queries.ts';

/**
 * What a ticket write causes, decided in one place and without the database: every writer (filing,
 * commenting, changing fields, the desk's own assignment) describes its change in one shape, and
 * the plan this module answers is what write-statement.ts stores with the change in one statement.
 * Whether a change is allowed at all is not decided here (service.ts refuses it before).
 */

/** What the rules know of a ticket, before or after the change. */
export type TicketFacts = {
  id: string;
  /** Null while the statement has not drawn it yet (a new ticket's number comes from its insert). */
  ticketNumber: string | null;
  title: string;
  status: TTicketStatus;
  priority: TTicketPriority;
  category: TTicketCategory;
  requesterId: string;
  /** Where the requester's mail goes; null when the writer has no message for them and did not read it. */
  requesterMail: Recipient | null;
  assigneeId: string | null;
  /** The assignee's and team's names as the timeline records them (a former one may no longer be active). */
  assigneeName: string | null;
  teamId: string | null;
  teamName: string | null;
  /** 'Send confirmation email to requester' when the ticket was filed. */
  notifyRequester: boolean;
  /** How many times the ticket became resolved before this change (read only when it is resolving; 0 otherwise). */
  resolutions: number;
};

/** A ticket about to be filed, as the rules see it: new, nobody assigned, its starting team if any, never resolved. */
export function newTicketFacts(
  ticket: Pick<
    TicketFacts,
    'id' | 'ticketNumber' | 'title' | 'priority' | 'category' | 'requesterId' | 'notifyRequester'
  > & { teamId?: string | null },
  requesterMail: Recipient | null,
): TicketFacts {
  return {
    id: ticket.id,
    ticketNumber: ticket.ticketNumber,
    title: ticket.title,
    status: 'new',
    priority: ticket.priority,
    category: ticket.category,
    requesterId: ticket.requesterId,
    requesterMail,
    assigneeId: null,
    assigneeName: null,
    teamId: ticket.teamId ?? null,
    teamName: null,
    notifyRequester: ticket.notifyRequester,
    resolutions: 0,
  };
}

/** Who made the change; null in a change is the desk itself (auto assignment). */
export type Actor = { id: string; role: TUserRole; name: string | null };

/**
 * The settings the consequences depend on, defaults applied. A setting the writer did not read is
 * left undefined: auto assignment is then checked by the statement as it commits; a message needs
 * the mail settings read.
 */
export type EffectSettings = {
  emailNotifications?: boolean;
  companyName?: string;
  /** The desk's language, for a requester who chose none; unread, the default's. */
  language?: TSettingsLanguage;
  autoAssignment?: boolean;
};

/** Where a comment goes: onto its ticket, onto it reopening it, or into a new follow-up ticket. */
export type ReplyDestination = 'ticket' | 'reopen' | 'follow_up';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a comment is the requester's own public reply (staff's never are): the replies that move a ticket. */
export function isRequesterReply(reply: {
  ticket: Pick<TicketFacts, 'requesterId'>;
  actor: Actor;
  isInternal: boolean;
}): boolean {
  return !reply.isInternal && !isStaff(reply.actor) && reply.actor.id === reply.ticket.requesterId;
}

/**
 * Where a comment goes (docs/product.md#requester-replies). Only the requester's own public reply
 * (never staff's) moves anything: on a resolved ticket within `reopenWindowDays` of its resolution
 * it reopens it; later (0 days: always), or on a closed ticket, it opens a follow-up ticket.
 */
export function replyDestination(reply: {
  ticket: Pick<TicketFacts, 'status' | 'requesterId'>;
  /** ISO time of the resolution. */
  resolvedAt: string | null;
  actor: Actor;
  isInternal: boolean;
  reopenWindowDays: number;
  now: number;
}): ReplyDestination {
  const { ticket } = reply;
  if (!isRequesterReply(reply)) return 'ticket';
  if (ticket.status === 'closed') return 'follow_up';
  if (ticket.status !== 'resolved') return 'ticket';
  if (reply.reopenWindowDays <= 0) return 'follow_up';
  // A resolved ticket without its time (older data) cannot be out of the window.
  if (reply.resolvedAt === null) return 'reopen';
  const isWithin = reply.now - Date.parse(reply.resolvedAt) <= reply.reopenWindowDays * DAY_MS;
  return isWithin ? 'reopen' : 'follow_up';
}

const FOLLOW_UP_PREFIX = 'Re: ';

/**
 * A follow-up ticket's title: the old one prefixed (an old "Re: " is not doubled), cut to the
 * title's cap as the create schema counts it, never inside a character.
 */
export function followUpTitle(title: string): string {
  const full = title.startsWith(FOLLOW_UP_PREFIX) ? title : `${FOLLOW_UP_PREFIX}${title}`;
  let bounded = '';
  for (const character of full) {
    if (bounded.length + character.length > LIMITS.ticketTitleMax) break;
    bounded += character;
  }
  return bounded;
}

/** A ticket write as every writer describes it. */
export type TicketChange = {
  /** 'waiting': a hold on the requester begins or ends by itself (holdStarted or holdEnded). */
  kind: 'created' | 'commented' | 'updated' | 'waiting';
  ticketId: string;
  /**
   * The ticket before an update, or before a comment that reopens it (its `after` is then in
   * progress); null for a new ticket and for a comment that changes no field.
   */
  before: TicketFacts | null;
  /** The ticket after the change; null for a staff note, which needs nothing read. */
  after: TicketFacts | null;
  actor: Actor | null;
  comment: { id: string; content: string; isInternal: boolean } | null;
  settings: EffectSettings;
  /** Where a message's links point; null for a writer that sends none (the desk's assignment). */
  links: MailLinks | null;
  /** The requester's address had a ticket confirmation within the last few minutes (tickets/limits.ts): no other now. */
  isConfirmationThrottled?: boolean;
  /** A new ticket's old ticket, when a requester's late reply opens it: that ticket's open pages hear of the link. */
  followUpOf?: string | null;
  /** A hold on the requester begins ('waiting' only; its waiting_started event's data). */
  holdStarted?: { until: string | null } | null;
  /** The ticket's hold ended with this change (a requester's reply, resolving): its waiting_ended event's data. */
  holdEnded?: TicketEventData | null;
};

/** Stands in a text for the number of the ticket the statement inserts, not known before it runs. */
export const INSERTED_TICKET_NUMBER = { insertedTicketNumber: true } as const;

/** A text whose parts the statement joins; a part may be the inserted ticket's number. */
export type PlanText = readonly (string | typeof INSERTED_TICKET_NUMBER)[];

/** An internal note a trigger adds to the ticket (triggers/ticket-writes.ts), by the rule's author. */
export type PlanNote = { id: string; authorId: string; content: string };

/** A timeline event of the change. */
export type PlanEvent = { type: TTicketEventType; userId: string | null; data: TicketEventData };

/**
 * A notification about the ticket. Staff hear of it by name or team (never the actor: the statement
 * leaves them out of a team too), or, for a new ticket, every active agent but the actor through
 * one broadcast row however many agents there are.
 */
export type PlanNotification = {
  audience: NotificationAudience | 'every_active_agent';
  actorId: string | null;
  type: TNotificationType;
  title: PlanText;
  message: string;
};

/** A condition the statement checks as it commits, for a job that must not be queued otherwise. */
export type JobCondition =
  | { setting: 'autoAssignment'; whileUnsaved: boolean }
  | { insertedTicket: 'unassigned' };

/** A background job the change queues (once per dedupe key). */
export type PlanJob = {
  kind: 'auto_assign';
  payload: JobPayload<'auto_assign'>;
  dedupeKey: string;
  onlyIf: readonly JobCondition[];
};

/** A realtime message on COMMIT: the ticket's open pages, or the bells of notification `notification`'s recipients. */
export type PlanLiveMessage = { type: 'ticket'; ticketId: string } | { type: 'bells'; notification: number };

/**
 * A ticket as a webhook's plan names it: the statement fills in what only the database knows as it
 * writes (a new ticket's number, the requester's and assignee's name and address, the times).
 */
export type PlanWebhookTicket = Omit<
  TWebhookTicket,
  'number' | 'requester' | 'assignee' | 'createdAt' | 'updatedAt'
> & { number: string | null; requesterId: string; assigneeId: string | null };

/** A webhook payload's data as a plan holds it (TWebhookData with its ticket as the plan names it). */
export type WebhookData = Omit<TWebhookData, 'ticket'> & { ticket?: PlanWebhookTicket };

/** A webhook event of the change; the statement queues one delivery per enabled subscribed webhook. */
export type PlanWebhook = { event: TWebhookEvent; data: WebhookData; onlyWebhookId?: string };

/** A ticket's facts as a webhook payload names them; `links` gives its page's address. */
export function webhookTicket(ticket: TicketFacts, links: MailLinks | null): PlanWebhookTicket {
  return {
    id: ticket.id,
    number: ticket.ticketNumber,
    title: ticket.title,
    status: ticket.status,
    priority: ticket.priority,
    category: ticket.category,
    team: ticket.teamId === null ? null : { id: ticket.teamId, name: ticket.teamName },
    requesterId: ticket.requesterId,
    assigneeId: ticket.assigneeId,
    url: links ? `${links.appBaseUrl}/tickets/${ticket.id}` : null,
  };
}

/** Everything the change causes besides the row it writes. */
export type EffectsPlan = {
  ticketId: string;
  events: readonly PlanEvent[];
  /**
   * The ticket row moves (updatedAt), and its first response time is set when still empty and
   * `markResponded`; `reopen` (a comment's) puts a resolved ticket back in progress. Null leaves it.
   */
  touch: { markResponded: boolean; reopen?: true } | null;
  notifications: readonly PlanNotification[];
  /** Rendered outbox rows; each wakes the delivery workers on COMMIT. */
  mail: readonly NewOutboxMessage[];
  /** Each wakes the job workers on COMMIT. */
  jobs: readonly PlanJob[];
  live: readonly PlanLiveMessage[];
  /** Webhook events (docs/product.md#webhooks); never an internal note's. */
  webhooks: readonly PlanWebhook[];
  /** Internal notes the triggers add (none when absent). */
  notes?: readonly PlanNote[];
};

const isStaff = (actor: Actor | null) => actor !== null && (actor.role === 'admin' || actor.role === 'agent');

const statusLabel = (status: TTicketStatus) => TICKET_STATUS_LABELS[status];

/** A fact the rule needs but the writer did not give: a writer's mistake, never a user's. */
function missing(what: string): never {
  throw new Error(`ticket effects: ${what} is needed for this change`);
}

/** The mail facts of a ticket message and its links, when the desk sends ticket emails; null when it does not. */
function ticketMail(change: TicketChange, ticket: TicketFacts): [TicketMailFacts, MailLinks] | null {
  const { emailNotifications, companyName, language } = change.settings;
  if (emailNotifications === undefined) missing('the email notifications setting');
  if (!emailNotifications) return null;
  const facts = {
    ticketId: ticket.id,
    ticketNumber: ticket.ticketNumber ?? missing('the ticket number'),
    title: ticket.title,
    requester: ticket.requesterMail ?? missing("the requester's address"),
    desk: {
      companyName: companyName ?? missing('the company name'),
      language: language ?? DEFAULT_SETTINGS.language,
    },
  };
  return [facts, change.links ?? missing('the links of a message')];
}

/** The bell of every notification in the plan rings on COMMIT, after the ticket's own message. */
function liveFor(ticketId: string, notifications: readonly PlanNotification[]): PlanLiveMessage[] {
  return [
    { type: 'ticket', ticketId },
    ...notifications.map((_, notification) => ({ type: 'bells' as const, notification })),
  ];
}

function planCreated(change: TicketChange): EffectsPlan {
  const ticket = change.after ?? missing('the new ticket');
  const actorId = change.actor?.id ?? null;
  // A new ticket has no team yet, so every active agent hears of it: one broadcast row.
  const notifications: PlanNotification[] = [
    {
      audience: 'every_active_agent',
      actorId,
      type: 'ticket_created',
      // The number's own part: the statement puts the inserted ticket's there.
      title: serverTextParts(NOTIFICATION_MESSAGES.createdTitle, {
        ticketNumber: ticket.ticketNumber ?? INSERTED_TICKET_NUMBER,
      }),
      message: fillServerText(NOTIFICATION_MESSAGES.createdMessage, { title: ticket.title }),
    },
  ];
  const jobs: PlanJob[] = [];
  // Auto assignment (Settings) finds it an agent in the background once this commits (auto-assign/).
  if (ticket.assigneeId === null && change.settings.autoAssignment !== false) {
    jobs.push({
      kind: 'auto_assign',
      payload: { ticketId: ticket.id },
      dedupeKey: `auto_assign:${ticket.id}`,
      onlyIf: [
        ...(change.settings.autoAssignment === undefined
          ? [{ setting: 'autoAssignment' as const, whileUnsaved: DEFAULT_SETTINGS.autoAssignment }]
          : []),
        { insertedTicket: 'unassigned' as const },
      ],
    });
  }
  const confirmation =
    ticket.notifyRequester && !change.isConfirmationThrottled ? ticketMail(change, ticket) : null;
  const mail = confirmation && prepareTicketConfirmation(...confirmation);
  return {
    ticketId: ticket.id,
    events: [
      { type: 'created', userId: actorId, data: { priority: ticket.priority, category: ticket.category } },
    ],
    touch: null,
    notifications,
    mail: mail ? [mail] : [],
    jobs,
    webhooks: [{ event: 'ticket.created', data: { ticket: webhookTicket(ticket, change.links) } }],
    live: [
      ...liveFor(ticket.id, notifications),
      ...(change.followUpOf ? [{ type: 'ticket' as const, ticketId: change.followUpOf }] : []),
    ],
  };
}

/**
 * Who hears of a requester's reply: the assignee; without one, the ticket's team; without a team,
 * every active agent, as a new ticket (one broadcast row).
 */
function replyAudience(ticket: TicketFacts, actorId: string): PlanNotification['audience'] {
  if (ticket.assigneeId !== null)
    return staffAudience([ticket.assigneeId], null, actorId) ?? missing('an assignee');
  if (ticket.teamId !== null) return staffAudience([], ticket.teamId, actorId) ?? missing('a team');
  return 'every_active_agent';
}

function planCommented(change: TicketChange): EffectsPlan {
  const comment = change.comment ?? missing('the comment');
  const actor = change.actor ?? missing('the author');
  const ticket = change.after;
  const isReopened = change.before !== null && ticket !== null && change.before.status !== ticket.status;
  if (isReopened && (comment.isInternal || isStaff(actor))) missing("a requester's public reply to reopen");
  const mail: NewOutboxMessage[] = [];
  const notifications: PlanNotification[] = [];
  const events: PlanEvent[] = [];
  if (isReopened && change.before && ticket) {
    events.push({
      type: 'status_changed',
      userId: actor.id,
      data: { from: change.before.status, to: ticket.status, reason: 'requester_reply' },
    });
  }
  events.push({
    type: 'comment_added',
    userId: actor.id,
    data: { commentId: comment.id, isInternal: comment.isInternal },
  });
  if (change.holdEnded) events.push({ type: 'waiting_ended', userId: actor.id, data: change.holdEnded });
  // The requester hears of public replies by others; an internal note never becomes mail.
  if (!comment.isInternal) {
    if (ticket === null) missing('the ticket of a public comment');
    const replyMail = ticket.requesterId === actor.id ? null : ticketMail(change, ticket);
    const authorName = actor.name ?? missing("the author's name");
    const reply =
      replyMail &&
      preparePublicReply(
        { ...replyMail[0], commentId: comment.id, authorName, content: comment.content },
        replyMail[1],
      );
    if (reply) mail.push(reply);
    // Staff hear of the requester's own replies (bell and list); staff's replies are their own work.
    if (!isStaff(actor) && ticket.requesterId === actor.id) {
      const ticketNumber = ticket.ticketNumber ?? missing('the ticket number');
      const authorName = actor.name ?? missing("the author's name");
      notifications.push({
        audience: replyAudience(ticket, actor.id),
        actorId: actor.id,
        type: 'ticket_reply',
        title: [
          fillServerText(
            isReopened ? NOTIFICATION_MESSAGES.reopenedTitle : NOTIFICATION_MESSAGES.replyTitle,
            { ticketNumber },
          ),
        ],
        message: fillServerText(
          isReopened ? NOTIFICATION_MESSAGES.reopenedMessage : NOTIFICATION_MESSAGES.replyMessage,
          { author: authorName, title: ticket.title },
        ),
      });
    }
  }
  return {
    ticketId: change.ticketId,
    events,
    // A public staff comment is the ticket's first response when there was none; an internal note
    // leaves the row untouched, so not even its updatedAt tells an end user one was written.
    touch: comment.isInternal
      ? null
      : { markResponded: isStaff(actor), ...(isReopened ? { reopen: true as const } : {}) },
    notifications,
    mail,
    jobs: [],
    live: liveFor(change.ticketId, notifications),
    webhooks:
      comment.isInternal || ticket === null
        ? []
        : [
            {
              event: 'ticket.commented',
              data: {
                ticket: webhookTicket(ticket, change.links),
                comment: { id: comment.id, content: comment.content, authorName: actor.name },
              },
            },
          ],
  };
}

/** A staff audience without the actor; null when nobody is left (no named user, no team). */
function staffAudience(userIds: readonly (string | null)[], teamId: string | null, actorId: string | null) {
  const named = userIds.filter((id): id is string => id !== null && id !== actorId);
  if (named.length === 0 && teamId === null) return null;
  return { userIds: named, teamId, allAgents: false };
}

function planUpdated(change: TicketChange): EffectsPlan {
  const before = change.before ?? missing('the ticket before the change');
  const after = change.after ?? missing('the ticket after the change');
  const actorId = change.actor?.id ?? null;
  const ticketNumber = before.ticketNumber ?? missing('the ticket number');
  const events: PlanEvent[] = [];
  const event = (type: TTicketEventType, data: TicketEventData) =>
    events.push({ type, userId: actorId, data });
  const isReassigned = after.assigneeId !== before.assigneeId;
  const isStatusChanged = after.status !== before.status;
  // A hold ends before the status change that ends it.
  if (change.holdEnded) event('waiting_ended', change.holdEnded);
  if (isReassigned) {
    event('assigned', {
      from: before.assigneeId,
      to: after.assigneeId,
      fromName: before.assigneeName,
      toName: after.assigneeName,
    });
  }
  if (after.teamId !== before.teamId) {
    event('team_changed', {
      from: before.teamId,
      to: after.teamId,
      fromName: before.teamName,
      toName: after.teamName,
    });
  }
  if (isStatusChanged) event('status_changed', { from: before.status, to: after.status });
  if (after.priority !== before.priority)
    event('priority_changed', { from: before.priority, to: after.priority });
  // The same values again change nothing, so nothing is written or heard of.
  if (events.length === 0) {
    return {
      ticketId: after.id,
      events,
      touch: null,
      notifications: [],
      mail: [],
      jobs: [],
      live: [],
      webhooks: [],
    };
  }

  const notifications: PlanNotification[] = [];
  const assigned = isReassigned ? staffAudience([after.assigneeId], null, actorId) : null;
  if (assigned) {
    notifications.push({
      audience: assigned,
      actorId,
      type: 'ticket_assigned',
      title: [fillServerText(NOTIFICATION_MESSAGES.assignedTitle, { ticketNumber })],
      message: fillServerText(NOTIFICATION_MESSAGES.assignedMessage, { title: before.title }),
    });
  }
  const concerned = isStatusChanged ? staffAudience([after.assigneeId], after.teamId, actorId) : null;
  if (concerned) {
    const isResolved = after.status === 'resolved';
    notifications.push({
      audience: concerned,
      actorId,
      type: isResolved ? 'ticket_resolved' : 'ticket_status_changed',
      title: [
        fillServerText(
          isResolved ? NOTIFICATION_MESSAGES.resolvedTitle : NOTIFICATION_STATUS_TITLES[after.status],
          { ticketNumber },
        ),
      ],
      message: isResolved
        ? fillServerText(NOTIFICATION_MESSAGES.resolvedMessage, { title: before.title })
        : fillServerText(NOTIFICATION_MESSAGES.statusMessage, {
            title: before.title,
            fromLabel: statusLabel(before.status),
            toLabel: statusLabel(after.status),
          }),
    });
  }
  const resolvedMail =
    after.status === 'resolved' && before.status !== 'resolved' ? ticketMail(change, before) : null;
  const resolved =
    resolvedMail &&
    prepareTicketResolved({ ...resolvedMail[0], resolution: before.resolutions + 1 }, resolvedMail[1]);
  return {
    ticketId: after.id,
    events,
    // A status change by staff is a response: the first one sets respondedAt.
    touch: { markResponded: isStatusChanged },
    notifications,
    mail: resolved ? [resolved] : [],
    jobs: [],
    live: liveFor(after.id, notifications),
    webhooks: updateWebhooks(change, before, after),
  };
}

/** `ticket.updated` with the fields that changed, and `ticket.assigned` when the assignee did. */
function updateWebhooks(change: TicketChange, before: TicketFacts, after: TicketFacts): PlanWebhook[] {
  const changes: NonNullable<WebhookData['changes']> = {};
  if (after.status !== before.status) changes.status = { from: before.status, to: after.status };
  if (after.priority !== before.priority) changes.priority = { from: before.priority, to: after.priority };
  if (after.category !== before.category) changes.category = { from: before.category, to: after.category };
  if (after.assigneeId !== before.assigneeId)
    changes.assignee = { from: before.assigneeName, to: after.assigneeName };
  if (after.teamId !== before.teamId) changes.team = { from: before.teamName, to: after.teamName };
  const ticket = webhookTicket(after, change.links);
  return [
    // A change that moved no field (a hold ending by itself) is no update to tell of.
    ...(Object.keys(changes).length > 0
      ? [{ event: 'ticket.updated' as const, data: { ticket, changes } }]
      : []),
    ...(after.assigneeId !== before.assigneeId && after.assigneeId !== null
      ? [{ event: 'ticket.assigned' as const, data: { ticket } }]
      : []),
  ];
}

/** A hold beginning or ending by itself: its event, and the ticket's open pages hear of it. Nobody is notified. */
function planWaiting(change: TicketChange): EffectsPlan {
  const userId = change.actor?.id ?? null;
  const events: PlanEvent[] = [];
  if (change.holdStarted) {
    events.push({ type: 'waiting_started', userId, data: { until: change.holdStarted.until } });
  }
  if (change.holdEnded) events.push({ type: 'waiting_ended', userId, data: change.holdEnded });
  return {
    ticketId: change.ticketId,
    events,
    touch: null,
    notifications: [],
    mail: [],
    jobs: [],
    live: liveFor(change.ticketId, []),
    webhooks: [],
  };
}

/** The plan of a ticket change: its events, notifications and their audience, mail, jobs and realtime messages. */
export function planTicketEffects(change: TicketChange): EffectsPlan {
  switch (change.kind) {
    case 'waiting':
      return planWaiting(change);
    case 'created':
      return planCreated(change);
    case 'commented':
      return planCommented(change);
    case 'updated':
      return planUpdated(change);
  }
}
