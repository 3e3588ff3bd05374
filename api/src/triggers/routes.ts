import {
  TRIGGER_PATHS,
  type TUser,
  ZTrigger,
  ZTriggerIdParams,
  ZTriggerInput,
  ZTriggerListResponse,
  ZTriggerMoveRequest,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { requestMeta } from '../client-ip.ts';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import { changeTrigger, createTrigger, listTriggers, moveTrigger, removeTrigger } from './service.ts';

const tags = ['triggers'];

/** The Triggers tab of the admin's Automation page: the ordered rules, every change audited. */
export function createTriggerRoutes({ config, session }: RouteDeps) {
  const actorOf = (ctx: { user: TUser; request: Request; server: Parameters<typeof requestMeta>[1] }) => ({
    admin: ctx.user,
    meta: requestMeta(ctx.request, ctx.server, config.trustedProxies),
  });
  const onePath = `${TRIGGER_PATHS.list}/:id`;
  return new Elysia({ name: 'trigger-routes' })
    .use(session)
    .get(TRIGGER_PATHS.list, async () => ({ triggers: await listTriggers() }), {
      auth: 'admin',
      response: responseShape(ZTriggerListResponse),
      detail: { tags, summary: 'Every trigger in the order ticket writes run them, enabled or not' },
    })
    .post(
      TRIGGER_PATHS.list,
      async (ctx) => {
        const trigger = await createTrigger(actorOf(ctx), ctx.body);
        ctx.set.status = 201;
        return trigger;
      },
      {
        auth: 'admin',
        parse: 'json',
        body: ZTriggerInput,
        response: { 201: responseShape(ZTrigger) },
        detail: { tags, summary: 'Add a trigger after the last one (at most 100); audited' },
      },
    )
    .put(onePath, (ctx) => changeTrigger(actorOf(ctx), ctx.params.id, ctx.body), {
      auth: 'admin',
      params: ZTriggerIdParams,
      parse: 'json',
      body: ZTriggerInput,
      response: responseShape(ZTrigger),
      detail: {
        tags,
        summary: 'Change a trigger (name, switch, when it runs, conditions, actions); audited',
      },
    })
    .post(
      `${onePath}/move`,
      async (ctx) => ({ triggers: await moveTrigger(actorOf(ctx), ctx.params.id, ctx.body) }),
      {
        auth: 'admin',
        params: ZTriggerIdParams,
        parse: 'json',
        body: ZTriggerMoveRequest,
        response: responseShape(ZTriggerListResponse),
        detail: {
          tags,
          summary: 'Swap a trigger with the one before or after it; answers the new order; audited',
        },
      },
    )
    .delete(
      onePath,
      async (ctx) => {
        await removeTrigger(actorOf(ctx), ctx.params.id);
        ctx.set.status = 204;
      },
      {
        auth: 'admin',
        params: ZTriggerIdParams,
        detail: { tags, summary: 'Delete a trigger; audited' },
      },
    );
}
