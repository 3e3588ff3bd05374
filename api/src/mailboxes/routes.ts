import {
  MAILBOX_PATHS,
  type TUser,
  ZCreateMailboxRequest,
  ZInboundMessageList,
  ZInboundMessageQuery,
  ZMailbox,
  ZMailboxIdParams,
  ZMailboxList,
  ZMailboxTestRequest,
  ZMailboxTestResponse,
  ZUpdateMailboxRequest,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { requestMeta } from '../client-ip.ts';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import {
  changeMailbox,
  createMailbox,
  listFailedMessages,
  listMailboxes,
  type MailboxActor,
  removeMailbox,
  retryInboundMessage,
  testMailboxConnection,
} from './service.ts';

const tags = ['mailboxes'];

/** The admin's Mailboxes page: support mailboxes, their connection test, and messages that failed. */
export function createMailboxRoutes({ config, session }: RouteDeps) {
  const actorOf = (ctx: {
    user: TUser;
    request: Request;
    server: Parameters<typeof requestMeta>[1];
  }): MailboxActor => ({
    admin: ctx.user,
    meta: requestMeta(ctx.request, ctx.server, config.trustedProxies),
    secretKey: config.mailSecretKey,
  });
  const mailboxPath = `${MAILBOX_PATHS.mailboxes}/:id`;
  return new Elysia({ name: 'mailbox-routes' })
    .use(session)
    .get(MAILBOX_PATHS.mailboxes, async () => ({ mailboxes: await listMailboxes() }), {
      auth: 'admin',
      response: responseShape(ZMailboxList),
      detail: {
        tags,
        summary: 'Support mailboxes by name, with their fetch state (secrets only as hasSecret)',
      },
    })
    .post(
      MAILBOX_PATHS.mailboxes,
      async (ctx) => {
        const mailbox = await createMailbox(actorOf(ctx), ctx.body);
        ctx.set.status = 201;
        return mailbox;
      },
      {
        auth: 'admin',
        parse: 'json',
        body: ZCreateMailboxRequest,
        response: { 201: responseShape(ZMailbox) },
        detail: {
          tags,
          summary: 'Create a mailbox (name and address unique); its secret is stored encrypted; audited',
        },
      },
    )
    .post(MAILBOX_PATHS.test, (ctx) => testMailboxConnection(actorOf(ctx), ctx.body), {
      auth: 'admin',
      parse: 'json',
      body: ZMailboxTestRequest,
      response: responseShape(ZMailboxTestResponse),
      detail: {
        tags,
        summary:
          'Connect with unsaved settings and say what the server answered (a saved secret may be reused)',
      },
    })
    .get(MAILBOX_PATHS.messages, (ctx) => listFailedMessages(ctx.query), {
      auth: 'admin',
      query: ZInboundMessageQuery,
      response: responseShape(ZInboundMessageList),
      detail: {
        tags,
        summary: 'Incoming messages that failed or are held back, newest first (keyset-paginated)',
      },
    })
    .post(
      `${MAILBOX_PATHS.messages}/:id/retry`,
      async (ctx) => {
        await retryInboundMessage(actorOf(ctx), ctx.params.id);
        ctx.set.status = 204;
      },
      {
        auth: 'admin',
        params: ZMailboxIdParams,
        detail: { tags, summary: 'Process a failed or held-back message again (409 otherwise); audited' },
      },
    )
    .patch(mailboxPath, (ctx) => changeMailbox(actorOf(ctx), ctx.params.id, ctx.body), {
      auth: 'admin',
      params: ZMailboxIdParams,
      parse: 'json',
      body: ZUpdateMailboxRequest,
      response: responseShape(ZMailbox),
      detail: { tags, summary: 'Change a mailbox (a secret left out stays); audited' },
    })
    .delete(
      mailboxPath,
      async (ctx) => {
        await removeMailbox(actorOf(ctx), ctx.params.id);
        ctx.set.status = 204;
      },
      {
        auth: 'admin',
        params: ZMailboxIdParams,
        detail: { tags, summary: 'Delete a mailbox and the messages taken in from it; audited' },
      },
    );
}
