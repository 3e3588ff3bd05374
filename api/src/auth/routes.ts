import {
  API_PATHS,
  PASSWORD_LINK_MESSAGES,
  SERVER_MESSAGES,
  ZChangePasswordRequest,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZMeResponse,
  ZMessageResponse,
  ZProfileUpdateRequest,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZSignInResponse,
  ZSignOutResponse,
  ZUser,
  ZUserResponse,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { requestMeta } from '../client-ip.ts';
import type { Config } from '../config.ts';
import type { RouteDeps } from '../deps.ts';
import { issuePath, type ValidationMessageRule } from '../errors.ts';
import { responseShape } from '../response-shape.ts';
import { clearedSessionCookie, readSessionToken, sessionCookie } from '../session.ts';
import { providerSignOut } from '../sso/sign-in.ts';
import { challengeCookie } from '../two-factor/challenges.ts';
import { requestPasswordReset } from './password-reset-requests.ts';
import {
  changeOwnPassword,
  registerUser,
  resetPassword,
  type SignInResult,
  setInvitedAccountPassword,
  signIn,
  signOut,
  updateOwnProfile,
} from './service.ts';

/**
 * The register screen matches on these (docs/product.md#error-messages): a registration that fails validation says 'Invalid
 * registration data', unless the password's length is what failed.
 */
export const AUTH_VALIDATION_MESSAGES: Readonly<Record<string, ValidationMessageRule>> = {
  [`POST ${API_PATHS.authRegister}`]: (issues) =>
    issues.some(
      (issue) => issuePath(issue) === 'password' && (issue.code === 'too_small' || issue.code === 'too_big'),
    )
      ? SERVER_MESSAGES.passwordRequirements
      : SERVER_MESSAGES.invalidRegistration,
};

const tags = ['auth'];

/**
 * A password sign-in's answer: the session's cookie and the user, or, when a second factor comes first,
 * the challenge's cookie and which step it is.
 */
function signInAnswer(config: Config, result: SignInResult, set: { headers: Record<string, unknown> }) {
  if ('twoFactor' in result) {
    set.headers['set-cookie'] = challengeCookie(config, result.challengeToken);
    return { twoFactor: result.twoFactor };
  }
  set.headers['set-cookie'] = sessionCookie(config, result.token);
  return { user: result.user };
}

/** Sign-in, registration, the current user, profile and password, admin password reset. */
export function createAuthRoutes({ config, session }: RouteDeps) {
  return new Elysia({ name: 'auth-routes' })
    .use(session)
    .post(
      API_PATHS.authRegister,
      async ({ body, request, server, set }) => {
        const user = await registerUser(body, requestMeta(request, server, config.trustedProxies), config);
        set.status = 201;
        return { user };
      },
      {
        auth: 'public',
        parse: 'json',
        body: ZRegisterRequest,
        response: { 201: responseShape(ZUserResponse) },
        detail: { tags, summary: 'Register: creates a pending end user awaiting approval' },
      },
    )
    .post(
      API_PATHS.authLogin,
      async ({ body, request, server, set }) => {
        const meta = requestMeta(request, server, config.trustedProxies);
        return signInAnswer(config, await signIn(body, 'user', meta, readSessionToken(request, config)), set);
      },
      {
        auth: 'public',
        parse: 'json',
        body: ZLoginRequest,
        response: responseShape(ZSignInResponse),
        detail: { tags, summary: 'Sign in (active users only); or the two-factor step it needs first' },
      },
    )
    .post(
      API_PATHS.authAdminLogin,
      async ({ body, request, server, set }) => {
        const meta = requestMeta(request, server, config.trustedProxies);
        return signInAnswer(
          config,
          await signIn(body, 'admin', meta, readSessionToken(request, config)),
          set,
        );
      },
      {
        auth: 'public',
        parse: 'json',
        body: ZLoginRequest,
        response: responseShape(ZSignInResponse),
        detail: { tags, summary: 'Administrator sign-in' },
      },
    )
    .post(
      API_PATHS.authLogout,
      async ({ request, set }) => {
        const token = readSessionToken(request, config);
        // Read before the session ends: the provider's sign-out needs the ID token it recorded.
        const provider = await providerSignOut(token, config);
        await signOut(token);
        set.headers['set-cookie'] = clearedSessionCookie(config);
        return provider
          ? { message: 'Signed out', providerLogoutUrl: provider.url, providerLabel: provider.label }
          : { message: 'Signed out' };
      },
      {
        auth: 'public',
        response: responseShape(ZSignOutResponse),
        detail: {
          tags,
          summary:
            "Sign out: ends the session; a session begun at a provider also gets the provider's sign-out URL",
        },
      },
    )
    .get(API_PATHS.authMe, ({ user, preferences }) => ({ user, preferences }), {
      auth: 'signed-in',
      response: responseShape(ZMeResponse),
      detail: { tags, summary: 'The signed-in user, with their own language and time zone' },
    })
    .get(API_PATHS.authUser, ({ user }) => user, {
      auth: 'signed-in',
      response: responseShape(ZUser),
      detail: { tags, summary: 'The signed-in user, unwrapped' },
    })
    .patch(
      API_PATHS.authProfile,
      async ({ user, body, request, server }) => {
        const meta = requestMeta(request, server, config.trustedProxies);
        return { user: await updateOwnProfile(user, body, meta, config) };
      },
      {
        auth: 'signed-in',
        parse: 'json',
        body: ZProfileUpdateRequest,
        response: responseShape(ZUserResponse),
        detail: { tags, summary: 'Update own names; a new email waits for its confirmation link' },
      },
    )
    .post(
      API_PATHS.authChangePassword,
      async ({ user, body, request, server, set }) => {
        const meta = requestMeta(request, server, config.trustedProxies);
        const token = await changeOwnPassword(user, body, meta);
        set.headers['set-cookie'] = sessionCookie(config, token);
        return { message: 'Password changed' };
      },
      {
        auth: 'signed-in',
        parse: 'json',
        body: ZChangePasswordRequest,
        response: responseShape(ZMessageResponse),
        detail: { tags, summary: 'Change own password; ends every other session' },
      },
    )
    .post(
      API_PATHS.authAdminForgotPassword,
      async ({ body, request, server }) => {
        await requestPasswordReset(
          'admin',
          body.email,
          requestMeta(request, server, config.trustedProxies),
          config,
        );
        return { message: SERVER_MESSAGES.resetRequested };
      },
      {
        auth: 'public',
        parse: 'json',
        body: ZForgotPasswordRequest,
        response: responseShape(ZMessageResponse),
        detail: { tags, summary: 'Request an administrator password reset link' },
      },
    )
    .post(
      API_PATHS.authAdminResetPassword,
      async ({ body, request, server }) => {
        await resetPassword('admin', body, requestMeta(request, server, config.trustedProxies));
        return { message: PASSWORD_LINK_MESSAGES.passwordReset };
      },
      {
        auth: 'public',
        parse: 'json',
        body: ZResetPasswordRequest,
        response: responseShape(ZMessageResponse),
        detail: { tags, summary: 'Set a new administrator password from a reset token' },
      },
    )
    .post(
      API_PATHS.authForgotPassword,
      async ({ body, request, server }) => {
        await requestPasswordReset(
          'user',
          body.email,
          requestMeta(request, server, config.trustedProxies),
          config,
        );
        return { message: PASSWORD_LINK_MESSAGES.resetRequested };
      },
      {
        auth: 'public',
        parse: 'json',
        body: ZForgotPasswordRequest,
        response: responseShape(ZMessageResponse),
        detail: {
          tags,
          summary: 'Request a password reset link (same answer whether or not the account exists)',
        },
      },
    )
    .post(
      API_PATHS.authResetPassword,
      async ({ body, request, server }) => {
        await resetPassword('user', body, requestMeta(request, server, config.trustedProxies));
        return { message: PASSWORD_LINK_MESSAGES.passwordReset };
      },
      {
        auth: 'public',
        parse: 'json',
        body: ZResetPasswordRequest,
        response: responseShape(ZMessageResponse),
        detail: { tags, summary: 'Set a new password from a reset token; ends every session' },
      },
    )
    .post(
      API_PATHS.authSetPassword,
      async ({ body, request, server }) => {
        await setInvitedAccountPassword(body, requestMeta(request, server, config.trustedProxies));
        return { message: PASSWORD_LINK_MESSAGES.passwordSet };
      },
      {
        auth: 'public',
        parse: 'json',
        body: ZResetPasswordRequest,
        response: responseShape(ZMessageResponse),
        detail: {
          tags,
          summary: "Set an invited account's first password from its invitation; confirms the address",
        },
      },
    );
}
