import {
  adminUserSessionsPath,
  SESSION_PATHS,
  ZEndedSessionsResponse,
  ZSessionIdParams,
  ZSessionListResponse,
  ZUserIdParams,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { requestMeta } from '../client-ip.ts';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import { clearedSessionCookie } from '../session.ts';
import {
  endOtherOwnSessions,
  endOwnSession,
  endUserSessions,
  listOwnSessions,
  listUserSessions,
} from './service.ts';

const tags = ['sessions'];
const ADMIN_USER_SESSIONS = adminUserSessionsPath(':userId');

/** The caller's own sessions (list, end one, end the others) and an admin's view of a user's. */
export function createSessionRoutes({ config, session }: RouteDeps) {
  return new Elysia({ name: 'session-routes' })
    .use(session)
    .get(SESSION_PATHS.own, ({ user, sid }) => listOwnSessions(user, sid), {
      auth: 'signed-in',
      response: responseShape(ZSessionListResponse),
      detail: { tags, summary: 'Own live sessions: device, address, sign-in, last use; the current first' },
    })
    .delete(SESSION_PATHS.ownOthers, ({ user, sid }) => endOtherOwnSessions(user, sid), {
      auth: 'signed-in',
      response: responseShape(ZEndedSessionsResponse),
      detail: { tags, summary: 'End every own session but this one' },
    })
    .delete(
      `${SESSION_PATHS.own}/:sessionId`,
      async ({ user, sid, params, set }) => {
        const { wasCurrent } = await endOwnSession(user, sid, params.sessionId);
        if (wasCurrent) set.headers['set-cookie'] = clearedSessionCookie(config);
        return { ended: 1 };
      },
      {
        auth: 'signed-in',
        params: ZSessionIdParams,
        response: responseShape(ZEndedSessionsResponse),
        detail: {
          tags,
          summary: "End one own session by its public id (someone else's answers 404, as an unknown one)",
        },
      },
    )
    .get(ADMIN_USER_SESSIONS, ({ user, sid, params }) => listUserSessions(user, sid, params.userId), {
      auth: 'admin',
      params: ZUserIdParams,
      response: responseShape(ZSessionListResponse),
      detail: { tags: ['admin users'], summary: "A user's live sessions" },
    })
    .delete(
      ADMIN_USER_SESSIONS,
      ({ user, sid, params, request, server }) =>
        endUserSessions(user, sid, params.userId, requestMeta(request, server, config.trustedProxies)),
      {
        auth: 'admin',
        params: ZUserIdParams,
        response: responseShape(ZEndedSessionsResponse),
        detail: {
          tags: ['admin users'],
          summary: "End every session of a user (one's own: every other); audited",
        },
      },
    );
}
