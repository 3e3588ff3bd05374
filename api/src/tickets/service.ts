import {
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
  enqueuePublicReply,
  enqueueTicketConfirmation,
  enqueueTicketResolved,
  type MailLinks,
} from '../email/outbox.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { type Answer, runIdempotent } from '../idempotency/service.ts';
import { enqueueJob } from '../jobs/service.ts';
import type { NotificationAudience } from '../notifications/queries.ts';
import { notifyStaffAboutTicket } from '../notifications/service.ts';
import { getSettings, isCloseApprovalRequired } from '../settings/service.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import {
  insertComment,
  insertTicket,
  insertTicketEvents,
  type NewTicketEvent,
  selectActiveUserIdByEmail,
  selectAssignableName,
  selectAssignmentOptions,
  selectAttachments,
  selectComments,
  selectEvents,
  selectTeamName,
  selectTicketDetailRow,
  selectTicketPage,
  selectTicketSlaTimes,
  selectTicketState,
  selectTicketStateForUpdate,
  selectUserName,
  type TicketEventData,
  type TicketScope,
  type TicketState,
  touchTicketForPublicComment,
  updateTicket,
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

/** Someone else's ticket answers exactly like a missing one (SECURITY.md). */
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
    tickets: page.map(({ cursorAt: _cursorAt, ...ticket }) => ticket),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}

async function loadDetail(db: Db, ticketId: string, scope: TicketScope): Promise<TTicketDetail | null> {
  const ticket = await selectTicketDetailRow(db, ticketId, scope);
  if (!ticket) return null;
  const [comments, attachments, events] = await Promise.all([
    selectComments(db, ticketId, scope),
    selectAttachments(db, ticketId),
    selectEvents(db, ticketId, scope),
  ]);
  return { ...ticket, comments, attachments, events };
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
 * notifications (the team's staff, or every active agent when there is no team; never the
 * creator) and, when asked, the requester's confirmation email in one transaction, honouring an
 * Idempotency-Key.
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
    async (tx) => {
      const requesterId = await resolveRequester(tx, viewer, body.requesterEmail);
      const ticket = await insertTicket(tx, {
        title: body.title,
        description: body.description,
        priority: body.priority,
        category: body.category,
        requesterId,
        notifyRequester: body.notifyRequester,
      });
      await insertTicketEvents(tx, [
        {
          ticketId: ticket.id,
          userId: viewer.id,
          type: 'created',
          data: { priority: body.priority, category: body.category },
        },
      ]);
      await notifyStaffAboutTicket(tx, {
        audience: { userIds: [], teamId: ticket.teamId, allAgents: ticket.teamId === null },
        actorId: viewer.id,
        type: 'ticket_created',
        title: `New ticket ${ticket.ticketNumber}`,
        message: `A new ticket was opened: "${ticket.title}".`,
        ticketId: ticket.id,
      });
      // Auto assignment (Settings) finds it an agent in the background once this commits (auto-assign/).
      if (ticket.assigneeId === null && (await getSettings(tx)).autoAssignment) {
        await enqueueJob(
          tx,
          'auto_assign',
          { ticketId: ticket.id },
          { dedupeKey: `auto_assign:${ticket.id}` },
        );
      }
      // 'Send confirmation email to requester' in the Create Ticket dialog.
      if (body.notifyRequester) await enqueueTicketConfirmation(tx, ticket.id, links);
      const detail = await loadDetail(tx, ticket.id, scopeOf(viewer));
      if (!detail) throw new Error(`ticket ${ticket.id} vanished inside its own transaction`);
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
 * to the requester.
 */
export async function updateTicketFields(
  viewer: Viewer,
  ticketId: string,
  change: TUpdateTicketRequest,
  links: MailLinks,
): Promise<TTicketDetail> {
  if (!isStaff(viewer)) throw forbidden();
  return sql.begin(async (tx) => {
    const current = await selectTicketStateForUpdate(tx, ticketId);
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

    let newAssigneeName: string | null = null;
    if (next.assigneeId !== current.assigneeId) {
      if (next.assigneeId !== null) {
        newAssigneeName = await selectAssignableName(tx, next.assigneeId);
        if (newAssigneeName === null) {
          throw badRequest(TICKET_MESSAGES.assigneeInvalid, { assigneeId: TICKET_MESSAGES.assigneeInvalid });
        }
      }
      event('assigned', {
        from: current.assigneeId,
        to: next.assigneeId,
        fromName: current.assigneeId === null ? null : await selectUserName(tx, current.assigneeId),
        toName: newAssigneeName,
      });
    }
    if (next.teamId !== current.teamId) {
      let toName: string | null = null;
      if (next.teamId !== null) {
        toName = await selectTeamName(tx, next.teamId, { isActiveOnly: true });
        if (toName === null)
          throw badRequest(TICKET_MESSAGES.teamInvalid, { teamId: TICKET_MESSAGES.teamInvalid });
      }
      event('team_changed', {
        from: current.teamId,
        to: next.teamId,
        fromName:
          current.teamId === null ? null : await selectTeamName(tx, current.teamId, { isActiveOnly: false }),
        toName,
      });
    }
    if (next.status !== current.status) event('status_changed', { from: current.status, to: next.status });
    // Settings' 'require approval before closing tickets': only an admin may close while it is on.
    if (next.status === 'closed' && current.status !== 'closed' && viewer.role !== 'admin') {
      if (await isCloseApprovalRequired(tx)) throw forbidden(SETTINGS_MESSAGES.closeRequiresAdmin);
    }
    if (next.priority !== current.priority)
      event('priority_changed', { from: current.priority, to: next.priority });
    if (events.length === 0) {
      const unchanged = await loadDetail(tx, ticketId, scopeOf(viewer));
      if (!unchanged) throw ticketNotFound();
      return unchanged;
    }

    await updateTicket(tx, ticketId, {
      ...next,
      isPriorityChanged: next.priority !== current.priority,
      markResponded: next.status !== current.status,
    });
    await insertTicketEvents(tx, events);
    if (next.status === 'resolved' && current.status !== 'resolved') {
      await enqueueTicketResolved(tx, ticketId, links);
    }

    if (next.assigneeId !== current.assigneeId && next.assigneeId !== null) {
      await notifyStaffAboutTicket(tx, assignedNotification(current, next.assigneeId, viewer.id));
    }
    if (next.status !== current.status) {
      const audience: NotificationAudience = {
        userIds: next.assigneeId === null ? [] : [next.assigneeId],
        teamId: next.teamId,
        allAgents: false,
      };
      const isResolved = next.status === 'resolved';
      await notifyStaffAboutTicket(tx, {
        audience,
        actorId: viewer.id,
        type: isResolved ? 'ticket_resolved' : 'ticket_status_changed',
        title: isResolved
          ? `${current.ticketNumber} resolved`
          : `${current.ticketNumber} is ${statusLabel(next.status).toLowerCase()}`,
        message: isResolved
          ? `"${current.title}" was resolved.`
          : `"${current.title}" moved from ${statusLabel(current.status)} to ${statusLabel(next.status)}.`,
        ticketId,
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
    async (tx) => {
      await requireVisibleTicket(tx, viewer, ticketId);
      if (body.isInternal && !isStaff(viewer)) throw forbidden(TICKET_MESSAGES.internalCommentForbidden);
      const comment = await insertComment(tx, {
        ticketId,
        authorId: viewer.id,
        content: body.content,
        isInternal: body.isInternal,
      });
      if (!body.isInternal) await touchTicketForPublicComment(tx, ticketId, isStaff(viewer));
      // The requester hears of public replies by others; an internal note never becomes mail.
      if (!body.isInternal) await enqueuePublicReply(tx, comment.id, links);
      await insertTicketEvents(tx, [
        {
          ticketId,
          userId: viewer.id,
          type: 'comment_added',
          data: { commentId: comment.id, isInternal: body.isInternal },
        },
      ]);
      return { status: 201, body: comment };
    },
  );
}
