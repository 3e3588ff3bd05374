import {
  API_PATHS,
  TICKET_ASSIGNMENT_OPTIONS_PATH,
  ticketWaitingPath,
  ZAddCommentAnswer,
  ZAssignmentOptions,
  ZCreateCommentRequest,
  ZCreateTicketRequest,
  ZTicketDetail,
  ZTicketIdParams,
  ZTicketListQuery,
  ZTicketListResponse,
  ZTicketSlaStatus,
  ZUpdateTicketRequest,
  ZWaitOnRequesterRequest,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import type { RouteDeps } from '../deps.ts';
import { readIdempotencyKey } from '../idempotency/service.ts';
import { jsonText } from '../json-text.ts';
import { responseShape } from '../response-shape.ts';
import {
  addComment,
  createTicket,
  getAssignmentOptions,
  getTicket,
  getTicketSlaStatus,
  listTickets,
  updateTicketFields,
} from './service.ts';
import { resumeTicket, waitOnRequester } from './waiting.ts';

const tags = ['tickets'];
/** The Idempotency-Key header in the OpenAPI document (bulk changes declare it too). */
export const idempotencyHeader = {
  parameters: [
    {
      name: 'Idempotency-Key',
      in: 'header' as const,
      required: false,
      description: 'A retry with the same key and body (within 24 hours) answers the first response.',
      schema: { type: 'string' as const, maxLength: 255 },
    },
  ],
};

/** Tickets: the list, one ticket, filing, changing, comments and SLA status. */
export function createTicketRoutes({ config, session }: RouteDeps) {
  return new Elysia({ name: 'ticket-routes' })
    .use(session)
    .get(
      API_PATHS.tickets,
      async ({ user, query }) => jsonText(ZTicketListResponse, await listTickets(user, query)),
      {
        auth: 'signed-in',
        query: ZTicketListQuery,
        response: responseShape(ZTicketListResponse),
        detail: { tags, summary: 'Tickets newest first (end users: their own), keyset-paginated' },
      },
    )
    .post(
      API_PATHS.tickets,
      async ({ user, body, request, set }) => {
        const answer = await createTicket(user, body, readIdempotencyKey(request.headers), config);
        set.status = answer.status;
        return answer.body;
      },
      {
        auth: 'signed-in',
        parse: 'json',
        body: ZCreateTicketRequest,
        response: { 201: responseShape(ZTicketDetail) },
        detail: { tags, summary: 'File a ticket (honours Idempotency-Key)', ...idempotencyHeader },
      },
    )
    .get(TICKET_ASSIGNMENT_OPTIONS_PATH, () => getAssignmentOptions(), {
      auth: 'staff',
      response: responseShape(ZAssignmentOptions),
      detail: { tags, summary: 'Active agents and admins, and active teams, for assigning' },
    })
    .get(
      `${API_PATHS.tickets}/:id`,
      async ({ user, params }) => jsonText(ZTicketDetail, await getTicket(user, params.id)),
      {
        auth: 'signed-in',
        params: ZTicketIdParams,
        response: responseShape(ZTicketDetail),
        detail: { tags, summary: 'A ticket with comments, attachments and timeline' },
      },
    )
    .patch(
      `${API_PATHS.tickets}/:id`,
      async ({ user, params, body }) =>
        jsonText(ZTicketDetail, await updateTicketFields(user, params.id, body, config)),
      {
        auth: 'staff',
        params: ZTicketIdParams,
        parse: 'json',
        body: ZUpdateTicketRequest,
        response: responseShape(ZTicketDetail),
        detail: { tags, summary: 'Change status, priority, assignee or team (agents and admins)' },
      },
    )
    .post(
      `${API_PATHS.tickets}/:id/comments`,
      async ({ user, params, body, request, set }) => {
        const answer = await addComment(user, params.id, body, readIdempotencyKey(request.headers), config);
        set.status = answer.status;
        return answer.body;
      },
      {
        auth: 'signed-in',
        params: ZTicketIdParams,
        parse: 'json',
        body: ZCreateCommentRequest,
        response: { 201: responseShape(ZAddCommentAnswer) },
        detail: {
          tags,
          summary: 'Comment on a ticket, or open its follow-up (honours Idempotency-Key)',
          ...idempotencyHeader,
        },
      },
    )
    .get(`${API_PATHS.tickets}/:id/sla-status`, ({ user, params }) => getTicketSlaStatus(user, params.id), {
      auth: 'signed-in',
      params: ZTicketIdParams,
      response: responseShape(ZTicketSlaStatus),
      detail: { tags, summary: 'Response and resolution SLA status, now, with its explanation' },
    })
    .put(ticketWaitingPath(':id'), ({ user, params, body }) => waitOnRequester(user, params.id, body), {
      auth: 'staff',
      params: ZTicketIdParams,
      parse: 'json',
      body: ZWaitOnRequesterRequest,
      response: responseShape(ZTicketSlaStatus),
      detail: { tags, summary: 'Wait on the requester: the resolution clock stops (agents and admins)' },
    })
    .delete(ticketWaitingPath(':id'), ({ user, params }) => resumeTicket(user, params.id), {
      auth: 'staff',
      params: ZTicketIdParams,
      response: responseShape(ZTicketSlaStatus),
      detail: { tags, summary: 'Resume the resolution clock of a waiting ticket (agents and admins)' },
    });
}
