import {
  type TUser,
  WEBHOOK_PATHS,
  ZMessageResponse,
  ZWebhookCreate,
  ZWebhookDeliveryList,
  ZWebhookDeliveryParams,
  ZWebhookDeliveryResponse,
  ZWebhookList,
  ZWebhookParams,
  ZWebhookResponse,
  ZWebhookUpdate,
  ZWebhookWithSecret,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { requestMeta } from '../client-ip.ts';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import {
  changeWebhook,
  createWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  removeWebhook,
  rotateWebhookSecret,
  sendTestDelivery,
  type WebhookActor,
} from './service.ts';

const tags = ['webhooks'];

type HandlerContext = { request: Request; server: Parameters<typeof requestMeta>[1]; user: TUser };

/** Webhooks: the admins' subscriptions, their deliveries, Send test and Redeliver. */
export function createWebhookRoutes({ config, session }: RouteDeps) {
  const actorOf = (ctx: HandlerContext): WebhookActor => ({
    admin: ctx.user,
    meta: requestMeta(ctx.request, ctx.server, config.trustedProxies),
    secretKey: config.mailSecretKey,
  });
  return new Elysia({ name: 'webhook-routes' })
    .use(session)
    .get(WEBHOOK_PATHS.list, async () => ({ webhooks: await listWebhooks() }), {
      auth: 'admin',
      response: responseShape(ZWebhookList),
      detail: { tags, summary: 'Webhooks (never their secrets)' },
    })
    .post(
      WEBHOOK_PATHS.list,
      async (ctx) => {
        const created = await createWebhook(actorOf(ctx), ctx.body);
        ctx.set.status = 201;
        return created;
      },
      {
        auth: 'admin',
        parse: 'json',
        body: ZWebhookCreate,
        response: { 201: responseShape(ZWebhookWithSecret) },
        detail: {
          tags,
          summary: 'Add a webhook; its URL is checked, its secret answered once; audited, rate-limited',
        },
      },
    )
    .get(WEBHOOK_PATHS.one, async ({ params }) => ({ webhook: await getWebhook(params.id) }), {
      auth: 'admin',
      params: ZWebhookParams,
      response: responseShape(ZWebhookResponse),
      detail: { tags, summary: 'One webhook' },
    })
    .patch(
      WEBHOOK_PATHS.one,
      async (ctx) => ({ webhook: await changeWebhook(actorOf(ctx), ctx.params.id, ctx.body) }),
      {
        auth: 'admin',
        parse: 'json',
        params: ZWebhookParams,
        body: ZWebhookUpdate,
        response: responseShape(ZWebhookResponse),
        detail: { tags, summary: 'Change a webhook (its URL checked again); audited, rate-limited' },
      },
    )
    .delete(
      WEBHOOK_PATHS.one,
      async (ctx) => {
        await removeWebhook(actorOf(ctx), ctx.params.id);
        return { message: 'Webhook deleted' };
      },
      {
        auth: 'admin',
        params: ZWebhookParams,
        response: responseShape(ZMessageResponse),
        detail: { tags, summary: 'Remove a webhook and its deliveries; audited' },
      },
    )
    .post(WEBHOOK_PATHS.rotateSecret, (ctx) => rotateWebhookSecret(actorOf(ctx), ctx.params.id), {
      auth: 'admin',
      params: ZWebhookParams,
      response: responseShape(ZWebhookWithSecret),
      detail: { tags, summary: 'Give a webhook a new secret, answered once; audited, rate-limited' },
    })
    .post(
      WEBHOOK_PATHS.test,
      async (ctx) => ({ delivery: await sendTestDelivery(actorOf(ctx), ctx.params.id) }),
      {
        auth: 'admin',
        params: ZWebhookParams,
        response: responseShape(ZWebhookDeliveryResponse),
        detail: { tags, summary: 'Queue a ping delivery to the webhook; rate-limited' },
      },
    )
    .get(WEBHOOK_PATHS.deliveries, async ({ params }) => ({ deliveries: await listDeliveries(params.id) }), {
      auth: 'admin',
      params: ZWebhookParams,
      response: responseShape(ZWebhookDeliveryList),
      detail: { tags, summary: "A webhook's latest deliveries with their bodies and answers" },
    })
    .post(
      WEBHOOK_PATHS.redeliver,
      async (ctx) => ({ delivery: await redeliver(actorOf(ctx), ctx.params.id, ctx.params.deliveryId) }),
      {
        auth: 'admin',
        params: ZWebhookDeliveryParams,
        response: responseShape(ZWebhookDeliveryResponse),
        detail: { tags, summary: "Send a delivery's body again as a new delivery; rate-limited" },
      },
    );
}
