import {
  API_PATHS,
  EMAIL_VERIFICATION_MESSAGES,
  ZMessageResponse,
  ZVerifyEmailRequest,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { requestMeta } from '../client-ip.ts';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import { confirmEmail, resendEmailVerification } from './service.ts';

const tags = ['auth'];

/** Confirming an address from its link, and mailing a new link for the address waiting on one. */
export function createEmailVerificationRoutes({ config, session }: RouteDeps) {
  return new Elysia({ name: 'email-verification-routes' })
    .use(session)
    .post(
      API_PATHS.authVerifyEmail,
      async ({ body, request, server }) => {
        await confirmEmail(body.token, requestMeta(request, server, config.trustedProxies));
        return { message: EMAIL_VERIFICATION_MESSAGES.confirmed };
      },
      {
        // The link is opened wherever the mail is read, signed in or not: the token is the proof.
        auth: 'public',
        parse: 'json',
        body: ZVerifyEmailRequest,
        response: responseShape(ZMessageResponse),
        detail: { tags, summary: 'Confirm an email address from its single-use link' },
      },
    )
    .post(
      API_PATHS.authResendVerification,
      async ({ user }) => {
        await resendEmailVerification(user, config);
        return { message: EMAIL_VERIFICATION_MESSAGES.linkSent };
      },
      {
        auth: 'signed-in',
        response: responseShape(ZMessageResponse),
        detail: { tags, summary: 'Mail a new confirmation link for the address waiting on one' },
      },
    );
}
