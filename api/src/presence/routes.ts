import { ticketPresencePath, ZPresenceRequest, ZTicketIdParams, ZTicketPresence } from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import { beatPresence, leavePresence, ticketPresence } from './service.ts';

const tags = ['tickets'];

/** Who else has a ticket page open (agents and admins): heartbeats, leaving, and the viewers. */
export function createPresenceRoutes(deps: RouteDeps) {
  return new Elysia({ name: 'presence-routes' })
    .use(deps.session)
    .put(
      ticketPresencePath(':id'),
      ({ user, params, body }) => beatPresence(deps, user, params.id, body.typing),
      {
        auth: 'staff',
        params: ZTicketIdParams,
        parse: 'json',
        body: ZPresenceRequest,
        response: responseShape(ZTicketPresence),
        detail: {
          tags,
          summary: 'Heartbeat of an open ticket page, typing or not; answers the other viewers',
        },
      },
    )
    .delete(
      ticketPresencePath(':id'),
      async ({ user, params, set }) => {
        await leavePresence(deps, user, params.id);
        set.status = 204;
      },
      {
        auth: 'staff',
        params: ZTicketIdParams,
        detail: { tags, summary: 'Leave a ticket page: the other viewers see it at once' },
      },
    )
    .get(ticketPresencePath(':id'), ({ user, params }) => ticketPresence(deps, user, params.id), {
      auth: 'staff',
      params: ZTicketIdParams,
      response: responseShape(ZTicketPresence),
      detail: { tags, summary: 'Everyone else with the ticket open now, oldest first, and who is typing' },
    });
}
