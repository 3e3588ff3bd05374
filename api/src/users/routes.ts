import {
  API_PATHS,
  ZUpdateUserStatusRequest,
  ZUserIdParams,
  ZUserListQuery,
  ZUserListResponse,
  ZUserResponse,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { requestMeta } from '../client-ip.ts';
import type { RouteDeps } from '../deps.ts';
import { changeUserStatus, listUsers } from './service.ts';

const tags = ['admin users'];

/** The administrator's user management: the list and approve/reject. */
export function createUserRoutes({ config, session }: RouteDeps) {
  return new Elysia({ name: 'user-routes' })
    .use(session)
    .get(API_PATHS.adminUsers, ({ query }) => listUsers(query), {
      auth: true,
      query: ZUserListQuery,
      response: ZUserListResponse,
      detail: { tags, summary: 'Users, newest first, with the status counts of everyone' },
    })
    .patch(
      `${API_PATHS.adminUsers}/:userId/status`,
      async ({ user, params, body, request, server }) => ({
        user: await changeUserStatus(
          user,
          params.userId,
          body,
          requestMeta(request, server, config.trustedProxies),
        ),
      }),
      {
        auth: true,
        params: ZUserIdParams,
        parse: 'json',
        body: ZUpdateUserStatusRequest,
        response: ZUserResponse,
        detail: { tags, summary: 'Approve (active) or reject a pending user' },
      },
    );
}
