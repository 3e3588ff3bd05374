import {
  TICKET_BULK_PATH,
  TICKET_VIEWS_PATH,
  ZBulkTicketRequest,
  ZBulkTicketResponse,
  ZTicketViewCounts,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import type { RouteDeps } from '../deps.ts';
import { readIdempotencyKey } from '../idempotency/service.ts';
import { responseShape } from '../response-shape.ts';
import { idempotencyHeader } from '../tickets/routes.ts';
import { bulkChangeTickets } from './bulk.ts';
import { getTicketViewCounts } from './view-counts.ts';

const tags = ['tickets'];

/** The queues' own routes: the views' counts and bulk changes. */
export function createTicketQueueRoutes({ config, session }: RouteDeps) {
  return new Elysia({ name: 'ticket-queue-routes' })
    .use(session)
    .get(TICKET_VIEWS_PATH, ({ user }) => getTicketViewCounts(user), {
      auth: 'signed-in',
      response: responseShape(ZTicketViewCounts),
      detail: {
        tags,
        summary: 'The count of each queue view the caller may use (end users: their own tickets)',
      },
    })
    .post(
      TICKET_BULK_PATH,
      async ({ user, body, request, set }) => {
        const answer = await bulkChangeTickets(user, body, readIdempotencyKey(request.headers), config);
        set.status = answer.status;
        return answer.body;
      },
      {
        auth: 'staff',
        parse: 'json',
        body: ZBulkTicketRequest,
        response: responseShape(ZBulkTicketResponse),
        detail: {
          tags,
          summary: 'The same change to up to 100 tickets, each on its own (honours Idempotency-Key)',
          ...idempotencyHeader,
        },
      },
    );
}
