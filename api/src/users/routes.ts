import {
  API_PATHS,
  SERVER_MESSAGES,
  USER_ADMIN_MESSAGES,
  ZCreateUserRequest,
  ZMessageResponse,
  ZUpdateUserRequest,
  ZUpdateUserRoleRequest,
  ZUpdateUserStatusRequest,
  ZUserIdParams,
  ZUserListQuery,
  ZUserListResponse,
  ZUserResponse,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { requestMeta } from '../client-ip.ts';
import type { RouteDeps } from '../deps.ts';
import { issuePath, type ValidationMessageRule } from '../errors.ts';
import { responseShape } from '../response-shape.ts';
import {
  changeUserRole,
  changeUserStatus,
  createUserAsAdmin,
  listUsers,
  sendPasswordLink,
  updateUserAsAdmin,
} from './service.ts';

/** Add User answers bad input like registration does (docs/product.md#error-messages). */
export const USER_VALIDATION_MESSAGES: Readonly<Record<string, ValidationMessageRule>> = {
  [`POST ${API_PATHS.adminUsers}`]: (issues) =>
    issues.some(
      (issue) => issuePath(issue) === 'password' && (issue.code === 'too_small' || issue.code === 'too_big'),
    )
      ? SERVER_MESSAGES.passwordRequirements
      : SERVER_MESSAGES.invalidRegistration,
};

const tags = ['admin users'];

/**
 * The administrator's user management: the list, Add User (or invite), edit, approve/reject,
 * deactivate/reactivate, role changes and mailing a password link.
 */
export function createUserRoutes({ config, session }: RouteDeps) {
  return new Elysia({ name: 'user-routes' })
    .use(session)
    .get(API_PATHS.adminUsers, ({ query }) => listUsers(query), {
      auth: 'admin',
      query: ZUserListQuery,
      response: responseShape(ZUserListResponse),
      detail: { tags, summary: 'Users, newest first, with the status counts of everyone' },
    })
    .post(
      API_PATHS.adminUsers,
      async ({ user, body, request, server, set }) => {
        const created = await createUserAsAdmin(
          user,
          body,
          requestMeta(request, server, config.trustedProxies),
          config,
        );
        set.status = 201;
        return { user: created };
      },
      {
        auth: 'admin',
        parse: 'json',
        body: ZCreateUserRequest,
        response: { 201: responseShape(ZUserResponse) },
        detail: {
          tags,
          summary: 'Add User: an active account with a chosen role, or an invitation; audited',
        },
      },
    )
    .patch(
      `${API_PATHS.adminUsers}/:userId/status`,
      async ({ user, params, body, request, server }) => ({
        user: await changeUserStatus(
          user,
          params.userId,
          body,
          requestMeta(request, server, config.trustedProxies),
          config,
        ),
      }),
      {
        auth: 'admin',
        params: ZUserIdParams,
        parse: 'json',
        body: ZUpdateUserStatusRequest,
        response: responseShape(ZUserResponse),
        detail: {
          tags,
          summary:
            'Approve (active) or reject a pending user; deactivate an active one or reactivate an inactive one',
        },
      },
    )
    .patch(
      `${API_PATHS.adminUsers}/:userId`,
      async ({ user, params, body, request, server }) => ({
        user: await updateUserAsAdmin(
          user,
          params.userId,
          body,
          requestMeta(request, server, config.trustedProxies),
          config,
        ),
      }),
      {
        auth: 'admin',
        params: ZUserIdParams,
        parse: 'json',
        body: ZUpdateUserRequest,
        response: responseShape(ZUserResponse),
        detail: {
          tags,
          summary: "Correct a user's names or email (a new email waits for its confirmation link); audited",
        },
      },
    )
    .post(
      `${API_PATHS.adminUsers}/:userId/password-reset`,
      async ({ user, params, request, server }) => {
        const sent = await sendPasswordLink(
          user,
          params.userId,
          requestMeta(request, server, config.trustedProxies),
          config,
        );
        return {
          message:
            sent === 'invitation' ? USER_ADMIN_MESSAGES.invitationSent : USER_ADMIN_MESSAGES.resetLinkSent,
        };
      },
      {
        auth: 'admin',
        params: ZUserIdParams,
        response: responseShape(ZMessageResponse),
        detail: {
          tags,
          summary: 'Mail a user a password reset link (an invited user: the invitation again); audited',
        },
      },
    )
    .patch(
      `${API_PATHS.adminUsers}/:userId/role`,
      async ({ user, params, body, request, server }) => ({
        user: await changeUserRole(
          user,
          params.userId,
          body,
          requestMeta(request, server, config.trustedProxies),
        ),
      }),
      {
        auth: 'admin',
        params: ZUserIdParams,
        parse: 'json',
        body: ZUpdateUserRoleRequest,
        response: responseShape(ZUserResponse),
        detail: { tags, summary: "Change a user's role (never one's own; never the last active admin)" },
      },
    );
}
