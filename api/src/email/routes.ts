import {
  ADMIN_API_PATHS,
  ZEmailOutboxStatus,
  ZEmailRetryRequest,
  ZEmailRetryResponse,
  ZEmailTestRequest,
  ZEmailTestResponse,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { requestMeta } from '../client-ip.ts';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import { getOutboxStatus, retryFailedEmails, sendTestEmail } from './service.ts';

const tags = ['email'];

/** The admins' view of outgoing mail: status, retry of failed messages, a test message. */
export function createEmailRoutes({ config, session }: RouteDeps) {
  return new Elysia({ name: 'email-routes' })
    .use(session)
    .get(ADMIN_API_PATHS.adminEmailOutbox, () => getOutboxStatus(config), {
      auth: 'admin',
      response: responseShape(ZEmailOutboxStatus),
      detail: { tags, summary: 'SMTP status, outbox counts and the newest undelivered messages (no bodies)' },
    })
    .post(
      ADMIN_API_PATHS.adminEmailOutboxRetry,
      ({ user, body, request, server }) =>
        retryFailedEmails(user, body, requestMeta(request, server, config.trustedProxies)),
      {
        auth: 'admin',
        parse: 'json',
        body: ZEmailRetryRequest,
        response: responseShape(ZEmailRetryResponse),
        detail: { tags, summary: 'Requeue failed messages (these ids, or all failed ones); audited' },
      },
    )
    .post(
      ADMIN_API_PATHS.adminEmailOutboxTest,
      async ({ user, request, server, set }) => {
        const queued = await sendTestEmail(user, requestMeta(request, server, config.trustedProxies), config);
        set.status = 202;
        return queued;
      },
      {
        auth: 'admin',
        parse: 'json',
        body: ZEmailTestRequest,
        response: { 202: responseShape(ZEmailTestResponse) },
        detail: {
          tags,
          summary: 'Queue a test message to the signed-in admin (one waiting at a time); audited',
        },
      },
    );
}
