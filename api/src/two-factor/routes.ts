import {
  API_PATHS,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_PATHS,
  ZMessageResponse,
  ZRecoveryCodesResponse,
  ZTwoFactorCodeRequest,
  ZTwoFactorConfirmResponse,
  ZTwoFactorProofRequest,
  ZTwoFactorSetup,
  ZTwoFactorStatus,
  ZTwoFactorVerifyRequest,
  ZUserIdParams,
  ZUserResponse,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { requestMeta } from '../client-ip.ts';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import { readSessionToken, sessionCookie } from '../session.ts';
import { clearedChallengeCookie, readChallengeToken } from './challenges.ts';
import {
  beginSetup,
  challengeSetup,
  clearUserTwoFactor,
  confirmChallengeSetup,
  confirmSetup,
  disableTwoFactor,
  regenerateRecoveryCodes,
  twoFactorStatus,
  verifyChallenge,
} from './service.ts';

const tags = ['two-factor'];

/**
 * Two-factor authentication (docs/security.md#two-factor-authentication): the signed-in user's own
 * setup, the second step of a password sign-in (public, its challenge cookie says whose), and an
 * admin clearing a user's.
 */
export function createTwoFactorRoutes({ config, session }: RouteDeps) {
  const key = config.mailSecretKey;
  return new Elysia({ name: 'two-factor-routes' })
    .use(session)
    .get(TWO_FACTOR_PATHS.status, ({ user }) => twoFactorStatus(user), {
      auth: 'signed-in',
      response: responseShape(ZTwoFactorStatus),
      detail: {
        tags,
        summary: 'Whether two-factor is on, recovery codes left, whether the desk requires it',
      },
    })
    .post(TWO_FACTOR_PATHS.setup, ({ user }) => beginSetup(user, key), {
      auth: 'signed-in',
      response: responseShape(ZTwoFactorSetup),
      detail: { tags, summary: 'A new secret to set up (shown this once); 409 when two-factor is on' },
    })
    .post(
      TWO_FACTOR_PATHS.enable,
      async ({ user, body, request, server }) => ({
        recoveryCodes: await confirmSetup(
          user,
          body.code,
          key,
          requestMeta(request, server, config.trustedProxies),
        ),
      }),
      {
        auth: 'signed-in',
        parse: 'json',
        body: ZTwoFactorCodeRequest,
        response: responseShape(ZRecoveryCodesResponse),
        detail: { tags, summary: 'Confirm the setup with a code; answers the ten recovery codes once' },
      },
    )
    .post(
      TWO_FACTOR_PATHS.disable,
      async ({ user, body, request, server }) => {
        await disableTwoFactor(user, body, key, requestMeta(request, server, config.trustedProxies));
        return { message: TWO_FACTOR_MESSAGES.notOn };
      },
      {
        auth: 'signed-in',
        parse: 'json',
        body: ZTwoFactorProofRequest,
        response: responseShape(ZMessageResponse),
        detail: { tags, summary: 'Turn two-factor off with the password or a code' },
      },
    )
    .post(
      TWO_FACTOR_PATHS.recoveryCodes,
      async ({ user, body, request, server }) => ({
        recoveryCodes: await regenerateRecoveryCodes(
          user,
          body,
          key,
          requestMeta(request, server, config.trustedProxies),
        ),
      }),
      {
        auth: 'signed-in',
        parse: 'json',
        body: ZTwoFactorProofRequest,
        response: responseShape(ZRecoveryCodesResponse),
        detail: { tags, summary: 'Ten new recovery codes (the old stop working); the password or a code' },
      },
    )
    .post(
      TWO_FACTOR_PATHS.challengeVerify,
      async ({ body, request, server, set }) => {
        const { user, token } = await verifyChallenge(
          readChallengeToken(request, config),
          body,
          key,
          requestMeta(request, server, config.trustedProxies),
          readSessionToken(request, config),
        );
        set.headers['set-cookie'] = [sessionCookie(config, token), clearedChallengeCookie(config)];
        return { user };
      },
      {
        auth: 'public',
        parse: 'json',
        body: ZTwoFactorVerifyRequest,
        response: responseShape(ZUserResponse),
        detail: { tags, summary: "A sign-in's second step: a code or a recovery code; starts the session" },
      },
    )
    .post(
      TWO_FACTOR_PATHS.challengeSetup,
      ({ request, server }) =>
        challengeSetup(
          readChallengeToken(request, config),
          key,
          requestMeta(request, server, config.trustedProxies),
        ),
      {
        auth: 'public',
        response: responseShape(ZTwoFactorSetup),
        detail: { tags, summary: 'The secret a required account sets up during its sign-in' },
      },
    )
    .post(
      TWO_FACTOR_PATHS.challengeConfirm,
      async ({ body, request, server, set }) => {
        const { user, token, recoveryCodes } = await confirmChallengeSetup(
          readChallengeToken(request, config),
          body.code,
          key,
          requestMeta(request, server, config.trustedProxies),
          readSessionToken(request, config),
        );
        set.headers['set-cookie'] = [sessionCookie(config, token), clearedChallengeCookie(config)];
        return { user, recoveryCodes };
      },
      {
        auth: 'public',
        parse: 'json',
        body: ZTwoFactorCodeRequest,
        response: responseShape(ZTwoFactorConfirmResponse),
        detail: {
          tags,
          summary: "Confirm a sign-in's setup; starts the session, answers the recovery codes once",
        },
      },
    )
    .delete(
      `${API_PATHS.adminUsers}/:userId/two-factor`,
      async ({ user, params, request, server }) => {
        const wasOn = await clearUserTwoFactor(
          user,
          params.userId,
          requestMeta(request, server, config.trustedProxies),
        );
        return { message: wasOn ? TWO_FACTOR_MESSAGES.cleared : TWO_FACTOR_MESSAGES.nothingToClear };
      },
      {
        auth: 'admin',
        params: ZUserIdParams,
        response: responseShape(ZMessageResponse),
        detail: { tags, summary: "Clear a user's two-factor (audited); not one's own" },
      },
    );
}
