import {
  DEFAULT_SETTINGS,
  SETTINGS_MESSAGES,
  type TAssignmentOptions,
  TICKET_MESSAGES,
  TICKET_STATUS_LABELS,
  type TTicketComment,
  type TTicketDetail,
  type TTicketEventType,
  type TTicketListQuery,
  type TTicketListResponse,
  type TTicketSlaStatus,
  type TTicketStatus,
  type TUpdateTicketRequest,
  type TUser,
  type ZCreateCommentRequest,
  type ZCreateTicketRequest,
  ZTicketComment,
  ZTicketDetail,
} from '@helpdesk/contracts';
import type { z } from 'zod';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import {
  enqueueTicketConfirmation,
  type MailLinks,
  preparePublicReply,
  prepareTicketResolved,
} from '../email/outbox.ts';
import type { NewOutboxMessage } from '../email/queries.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { type Answer, inTransaction, runIdempotent } from '../idempotency/service.ts';
import { JOB_PAYLOADS } from '../jobs/service.ts';
import { type StaffNotificationRows, ticketNotificationRows } from '../notifications/queries.ts';
import { notifyStaffAboutTicket } from '../notifications/service.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import {
  insertCommentWithEffects,
  insertTicketEvents,
  insertTicketWithEffects,
  type NewTicketEvent,
  selectActiveUserIdByEmail,
  selectAssignmentOptions,
  selectCommentContext,
  selectTicketChangeContextForUpdate,
  selectTicketDetail,
  selectTicketPage,
  selectTicketSlaTimes,
  selectTicketState,
  type TicketEventData,
  type TicketScope,
  type TicketState,
  updateTicket,
  updateTicketWithEffects,
} from './queries.ts';
import { ticketSlaStatus } from './sla.ts';

/** A signed-in user as the ticket rules see them. */
export type Viewer = Pick<TUser, 'id' | 'role' | 'email'>;

const isStaff = (viewer: Viewer) => viewer.role === 'admin' || viewer.role === 'agent';

/** Staff see everything; an end user only tickets they requested, never internal notes. */
export function scopeOf(viewer: Viewer): TicketScope {
  return isStaff(viewer)
    ? { requesterId: null, includeInternal: true }
    : { requesterId: viewer.id, includeInternal: false };
}

/** Someone else's ticket answers exactly like a missing one (docs/security.md#object-scope). */
export const ticketNotFound = () => notFound(TICKET_MESSAGES.ticketNotFound);

/** The ticket's state when the viewer may see it; 404 otherwise. */
export async function requireVisibleTicket(db: Db, viewer: Viewer, ticketId: string): Promise<TicketState> {
  const ticket = await selectTicketState(db, ticketId, scopeOf(viewer));
  if (!ticket) throw ticketNotFound();
  return ticket;
}

/** A page of the ticket list, newest first; an end user's holds only tickets they requested. */
export async function listTickets(viewer: Viewer, query: TTicketListQuery): Promise<TTicketListResponse> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const rows = await selectTicketPage(
    sql,
    {
      requesterId: scopeOf(viewer).requesterId,
      status: query.status === undefined || query.status === 'all' ? null : query.status,
      priority: query.priority === undefined || query.priority === 'all' ? null : query.priority,
    },
    { limit: query.limit + 1, after },
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    // Each row keeps its cursorAt: the route's response check (responseShape) copies out only the
    // declared keys, so copying every row here as well would only double the work.
    tickets: page,
    nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}

// One statement (selectTicketDetail): the detail is read on every open ticket page and after every write.
function loadDetail(db: Db, ticketId: string, scope: TicketScope): Promise<TTicketDetail | null> {
  return selectTicketDetail(db, ticketId, scope);
}

/** One ticket with requester, assignee, team, comments, attachments and timeline, as the viewer may see it. */
export async function getTicket(viewer: Viewer, ticketId: string): Promise<TTicketDetail> {
  const detail = await loadDetail(sql, ticketId, scopeOf(viewer));
  if (!detail) throw ticketNotFound();
  return detail;
}

/** The SLA status of a ticket's response and resolution targets, now (rule in sla.ts). */
export async function getTicketSlaStatus(viewer: Viewer, ticketId: string): Promise<TTicketSlaStatus> {
  const times = await selectTicketSlaTimes(sql, ticketId, scopeOf(viewer));
  if (!times) throw ticketNotFound();
  return ticketSlaStatus(times, Date.now());
}

/** What the Assignee and Team selects offer: active agents and admins, active teams. */
export function getAssignmentOptions(): Promise<TAssignmentOptions> {
  return selectAssignmentOptions(sql);
}

/**
 * The requester of a new ticket. An end user is always their own requester (naming someone else
 * is refused; their own email is accepted). Staff may name any active user by email; empty means
 * themselves.
 */
async function resolveRequester(db: Db, viewer: Viewer, email: string | undefined): Promise<string> {
  if (email === undefined || email === '') return viewer.id;
  if (!isStaff(viewer)) {
    if (email.toLowerCase() === viewer.email.toLowerCase()) return viewer.id;
    throw badRequest(TICKET_MESSAGES.requesterNotAllowed, {
      requesterEmail: TICKET_MESSAGES.requesterNotAllowed,
    });
  }
  const requesterId = await selectActiveUserIdByEmail(db, email);
  if (!requesterId) {
    throw badRequest(TICKET_MESSAGES.noActiveUserWithEmail, {
      requesterEmail: TICKET_MESSAGES.noActiveUserWithEmail,
    });
  }
  return requesterId;
}

/**
 * Files a ticket: the ticket with its SLA deadlines, its 'created' event and the ticket_created
 * notification (a new ticket has no team, so every active agent but the creator: one broadcast),
 * the auto assignment job and, when asked, the requester's confirmation email in one
 * transaction, honouring an Idempotency-Key. Without a confirmation or a key that is a single
 * statement.
 */
export function createTicket(
  viewer: Viewer,
  body: z.output<typeof ZCreateTicketRequest>,
  idempotencyKey: string | null,
  links: MailLinks,
): Promise<Answer<TTicketDetail>> {
  return runIdempotent(
    { userId: viewer.id, key: idempotencyKey, scope: 'POST /api/tickets', body },
    ZTicketDetail,
    async (db) => {
      const requesterId = await resolveRequester(db, viewer, body.requesterEmail);
      const id = crypto.randomUUID();
      const file = (tx: Db) =>
        insertTicketWithEffects(
          tx,
          {
            id,
            title: body.title,
            description: body.description,
            priority: body.priority,
            category: body.category,
            requesterId,
            notifyRequester: body.notifyRequester,
          },
          {
            actorId: viewer.id,
            // A new ticket has no team yet, so every active agent hears of it: one broadcast row
            // however many agents there are (migration 00035).
            notification: {
              type: 'ticket_created',
              message: `A new ticket was opened: "${body.title}".`,
            },
            // Auto assignment (Settings) finds it an agent in the background once this commits (auto-assign/).
            autoAssignJob: {
              kind: 'auto_assign',
              payload: JOB_PAYLOADS.auto_assign.parse({ ticketId: id }),
              dedupeKey: `auto_assign:${id}`,
            },
            autoAssignmentDefault: DEFAULT_SETTINGS.autoAssignment,
          },
        );
      // 'Send confirmation email to requester' in the Create Ticket dialog: rendered from the
      // stored ticket (its number comes from the insert), so it takes a transaction of its own.
      const detail = body.notifyRequester
        ? await inTransaction(db, async (tx) => {
            const filed = await file(tx);
            await enqueueTicketConfirmation(tx, id, links);
            return filed;
          })
        : await file(db);
      return { status: 201, body: detail };
    },
  );
}

const statusLabel = (status: TTicketStatus) => TICKET_STATUS_LABELS[status];

/** The ticket_assigned notification to a new assignee, from a person or (actorId null) the desk. */
const assignedNotification = (ticket: TicketState, assigneeId: string, actorId: string | null) => ({
  audience: { userIds: [assigneeId], teamId: null, allAgents: false },
  actorId,
  type: 'ticket_assigned' as const,
  title: `${ticket.ticketNumber} assigned to you`,
  message: `You were assigned "${ticket.title}".`,
  ticketId: ticket.id,
});

/**
 * Assigns an open, unassigned ticket for the desk itself (auto assignment), inside the caller's
 * transaction: the same change, 'assigned' event (with no actor) and ticket_assigned notification
 * a manual assignment writes.
 */
export async function assignTicketAsSystem(
  tx: Db,
  ticket: TicketState,
  assignee: { id: string; name: string },
): Promise<void> {
  await updateTicket(tx, ticket.id, {
    status: ticket.status,
    priority: ticket.priority,
    assigneeId: assignee.id,
    teamId: ticket.teamId,
    isPriorityChanged: false,
    markResponded: false,
  });
  await insertTicketEvents(tx, [
    {
      ticketId: ticket.id,
      userId: null,
      type: 'assigned',
      data: { from: ticket.assigneeId, to: assignee.id, fromName: null, toName: assignee.name },
    },
  ]);
  await notifyStaffAboutTicket(tx, assignedNotification(ticket, assignee.id, null));
}

/**
 * Changes status, priority, assignee and/or team (agents and admins; the route policy refuses end
 * users). In one transaction: the change (deadlines recomputed on a new priority; resolvedAt,
 * closedAt and the first response time kept right), one event per changed field, and the
 * notifications: ticket_assigned to a new assignee, ticket_status_changed (ticket_resolved when
 * resolved) to the assignee and the team; never to the actor. A resolution also queues an email
 * to the requester. Three statements: the locked ticket with everything the change is decided on,
 * the change with all it causes, and the answer.
 */
export async function updateTicketFields(
  viewer: Viewer,
  ticketId: string,
  change: TUpdateTicketRequest,
  links: MailLinks,
): Promise<TTicketDetail> {
  if (!isStaff(viewer)) throw forbidden();
  return sql.begin(async (tx) => {
    const current = await selectTicketChangeContextForUpdate(tx, ticketId, {
      assigneeId: change.assigneeId ?? null,
      teamId: change.teamId ?? null,
      isResolving: change.status === 'resolved',
    });
    if (!current) throw ticketNotFound();
    const next = {
      status: change.status ?? current.status,
      priority: change.priority ?? current.priority,
      assigneeId: change.assigneeId === undefined ? current.assigneeId : change.assigneeId,
      teamId: change.teamId === undefined ? current.teamId : change.teamId,
    };
    const events: NewTicketEvent[] = [];
    const event = (type: TTicketEventType, data: TicketEventData) =>
      events.push({ ticketId, userId: viewer.id, type, data });

    if (next.assigneeId !== current.assigneeId) {
      const toName = next.assigneeId === null ? null : current.requestedAssigneeName;
      if (next.assigneeId !== null && toName === null) {
        throw badRequest(TICKET_MESSAGES.assigneeInvalid, { assigneeId: TICKET_MESSAGES.assigneeInvalid });
      }
      event('assigned', {
        from: current.assigneeId,
        to: next.assigneeId,
        fromName: current.assigneeName,
        toName,
      });
    }
    if (next.teamId !== current.teamId) {
      const toName = next.teamId === null ? null : current.requestedTeamName;
      if (next.teamId !== null && toName === null) {
        throw badRequest(TICKET_MESSAGES.teamInvalid, { teamId: TICKET_MESSAGES.teamInvalid });
      }
      event('team_changed', { from: current.teamId, to: next.teamId, fromName: current.teamName, toName });
    }
    if (next.status !== current.status) event('status_changed', { from: current.status, to: next.status });
    // Settings' 'require approval before closing tickets': only an admin may close while it is on.
    if (next.status === 'closed' && current.status !== 'closed' && viewer.role !== 'admin') {
      if (current.requireApproval ?? DEFAULT_SETTINGS.requireApproval) {
        throw forbidden(SETTINGS_MESSAGES.closeRequiresAdmin);
      }
    }
    if (next.priority !== current.priority)
      event('priority_changed', { from: current.priority, to: next.priority });
    if (events.length > 0) {
      const notifications: StaffNotificationRows[] = [];
      if (next.assigneeId !== current.assigneeId && next.assigneeId !== null) {
        notifications.push(ticketNotificationRows(assignedNotification(current, next.assigneeId, viewer.id)));
      }
      if (next.status !== current.status) {
        const isResolved = next.status === 'resolved';
        notifications.push(
          ticketNotificationRows({
            audience: {
              userIds: next.assigneeId === null ? [] : [next.assigneeId],
              teamId: next.teamId,
              allAgents: false,
            },
            actorId: viewer.id,
            type: isResolved ? 'ticket_resolved' : 'ticket_status_changed',
            title: isResolved
              ? `${current.ticketNumber} resolved`
              : `${current.ticketNumber} is ${statusLabel(next.status).toLowerCase()}`,
            message: isResolved
              ? `"${current.title}" was resolved.`
              : `"${current.title}" moved from ${statusLabel(current.status)} to ${statusLabel(next.status)}.`,
            ticketId,
          }),
        );
      }
      const mail =
        next.status === 'resolved' && current.status !== 'resolved'
          ? prepareTicketResolved(
              {
                ticketId,
                ticketNumber: current.ticketNumber,
                title: current.title,
                requester: current.requester,
                resolution: current.resolutions + 1,
                emailNotifications: current.emailNotifications ?? DEFAULT_SETTINGS.emailNotifications,
                companyName: current.companyName ?? DEFAULT_SETTINGS.companyName,
              },
              links,
            )
          : null;
      await updateTicketWithEffects(tx, {
        id: ticketId,
        next: {
          ...next,
          isPriorityChanged: next.priority !== current.priority,
          markResponded: next.status !== current.status,
        },
        events,
        notifications,
        mail,
      });
    }
    const detail = await loadDetail(tx, ticketId, scopeOf(viewer));
    if (!detail) throw ticketNotFound();
    return detail;
  });
}

/**
 * Adds a comment. End users only on their own tickets (404 otherwise) and never internal (403,
 * nothing stored). The comment and its event commit together; a public staff comment is the
 * ticket's first response when there was none. An internal note leaves the ticket row untouched,
 * so not even its updatedAt tells an end user that one was written. A public comment by anyone but
 * the requester queues an email to the requester; an internal one never does.
 */
export function addComment(
  viewer: Viewer,
  ticketId: string,
  body: z.output<typeof ZCreateCommentRequest>,
  idempotencyKey: string | null,
  links: MailLinks,
): Promise<Answer<TTicketComment>> {
  return runIdempotent(
    { userId: viewer.id, key: idempotencyKey, scope: `POST /api/tickets/${ticketId}/comments`, body },
    ZTicketComment,
    async (db) => {
      const scope = scopeOf(viewer);
      const commentId = crypto.randomUUID();
      let mail: NewOutboxMessage | null = null;
      // A staff note needs nothing read first: its one statement checks the ticket. A public
      // comment reads what its reply mail says; an end user's internal note is refused, but only
      // once the ticket is known to be theirs (someone else's stays a 404).
      if (!body.isInternal || !isStaff(viewer)) {
        const context = await selectCommentContext(db, ticketId, viewer.id, scope);
        if (!context) throw ticketNotFound();
        if (body.isInternal) throw forbidden(TICKET_MESSAGES.internalCommentForbidden);
        // The requester hears of public replies by others; an internal note never becomes mail.
        mail = preparePublicReply(
          {
            commentId,
            ticketId,
            ticketNumber: context.ticketNumber,
            title: context.title,
            requester: context.requester,
            authorId: viewer.id,
            authorName: context.authorName,
            content: body.content,
            emailNotifications: context.emailNotifications ?? DEFAULT_SETTINGS.emailNotifications,
            companyName: context.companyName ?? DEFAULT_SETTINGS.companyName,
          },
          links,
        );
      }
      const comment = await insertCommentWithEffects(db, {
        id: commentId,
        ticketId,
        authorId: viewer.id,
        content: body.content,
        isInternal: body.isInternal,
        isFirstResponse: isStaff(viewer),
        scope,
        mail,
      });
      if (!comment) throw ticketNotFound();
      return { status: 201, body: comment };
    },
  );
}
