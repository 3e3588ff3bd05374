import {
  API_TOKEN_PATHS,
  adminApiTokenPath,
  ownApiTokenPath,
  ZAdminApiTokenListResponse,
  ZApiTokenIdParams,
  ZApiTokenListResponse,
  ZCreateApiTokenRequest,
  ZCreatedApiTokenResponse,
  ZRevokedApiTokenResponse,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { requestMeta } from '../client-ip.ts';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import {
  createApiToken,
  listAllApiTokens,
  listOwnApiTokens,
  revokeApiTokenAsAdmin,
  revokeOwnApiToken,
} from './service.ts';

const tags = ['api tokens'];

/** The caller's own API tokens (list, make, revoke) and every token for admins (list, revoke). */
export function createApiTokenRoutes({ config, session }: RouteDeps) {
  return new Elysia({ name: 'api-token-routes' })
    .use(session)
    .get(API_TOKEN_PATHS.own, ({ user }) => listOwnApiTokens(user), {
      auth: 'signed-in',
      response: responseShape(ZApiTokenListResponse),
      detail: { tags, summary: 'Own API tokens (never their secrets), newest first' },
    })
    .post(
      API_TOKEN_PATHS.own,
      async ({ user, body, set }) => {
        set.status = 201;
        return createApiToken(user, body);
      },
      {
        auth: 'signed-in',
        body: ZCreateApiTokenRequest,
        response: { 201: responseShape(ZCreatedApiTokenResponse) },
        detail: {
          tags,
          summary:
            'Make an API token with a name, a lifetime and scopes the role allows; the secret is answered once',
        },
      },
    )
    .delete(ownApiTokenPath(':tokenId'), ({ user, params }) => revokeOwnApiToken(user, params.tokenId), {
      auth: 'signed-in',
      params: ZApiTokenIdParams,
      response: responseShape(ZRevokedApiTokenResponse),
      detail: { tags, summary: "Revoke one own API token (someone else's answers 404, as an unknown one)" },
    })
    .get(API_TOKEN_PATHS.admin, () => listAllApiTokens(), {
      auth: 'admin',
      response: responseShape(ZAdminApiTokenListResponse),
      detail: { tags, summary: "Every person's API tokens with their owner, newest first" },
    })
    .delete(
      adminApiTokenPath(':tokenId'),
      ({ user, params, request, server }) =>
        revokeApiTokenAsAdmin(user, params.tokenId, requestMeta(request, server, config.trustedProxies)),
      {
        auth: 'admin',
        params: ZApiTokenIdParams,
        response: responseShape(ZRevokedApiTokenResponse),
        detail: { tags, summary: "Revoke anyone's API token; audited" },
      },
    );
}
