import {
  SLA_ADMIN_PATHS,
  type TUser,
  ZBusinessCalendar,
  ZBusinessCalendarList,
  ZCreateBusinessCalendarRequest,
  ZCreateSlaPolicyRequest,
  ZSlaIdParams,
  ZSlaPolicy,
  ZSlaPolicyList,
  ZUpdateBusinessCalendarRequest,
  ZUpdateSlaPolicyRequest,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { requestMeta } from '../client-ip.ts';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import {
  changeBusinessCalendar,
  changeSlaPolicy,
  createBusinessCalendar,
  createSlaPolicy,
  listBusinessCalendars,
  listSlaPolicies,
  removeBusinessCalendar,
} from './service.ts';

const tags = ['service levels'];

/** The admin's Service levels page: business calendars and SLA policies, every change audited. */
export function createSlaAdminRoutes({ config, session }: RouteDeps) {
  const actorOf = (ctx: { user: TUser; request: Request; server: Parameters<typeof requestMeta>[1] }) => ({
    admin: ctx.user,
    meta: requestMeta(ctx.request, ctx.server, config.trustedProxies),
  });
  const calendarPath = `${SLA_ADMIN_PATHS.businessCalendars}/:id`;
  return new Elysia({ name: 'sla-admin-routes' })
    .use(session)
    .get(SLA_ADMIN_PATHS.businessCalendars, () => listBusinessCalendars(), {
      auth: 'admin',
      response: responseShape(ZBusinessCalendarList),
      detail: { tags, summary: 'Business calendars by name, with the number of policies counting in each' },
    })
    .post(
      SLA_ADMIN_PATHS.businessCalendars,
      async (ctx) => {
        const calendar = await createBusinessCalendar(actorOf(ctx), ctx.body);
        ctx.set.status = 201;
        return calendar;
      },
      {
        auth: 'admin',
        parse: 'json',
        body: ZCreateBusinessCalendarRequest,
        response: { 201: responseShape(ZBusinessCalendar) },
        detail: { tags, summary: 'Create a business calendar (name unique whatever its case); audited' },
      },
    )
    .patch(calendarPath, (ctx) => changeBusinessCalendar(actorOf(ctx), ctx.params.id, ctx.body), {
      auth: 'admin',
      params: ZSlaIdParams,
      parse: 'json',
      body: ZUpdateBusinessCalendarRequest,
      response: responseShape(ZBusinessCalendar),
      detail: {
        tags,
        summary: 'Change a calendar (deadlines already set stay as they are); audited',
      },
    })
    .delete(
      calendarPath,
      async (ctx) => {
        await removeBusinessCalendar(actorOf(ctx), ctx.params.id);
        ctx.set.status = 204;
      },
      {
        auth: 'admin',
        params: ZSlaIdParams,
        detail: { tags, summary: 'Delete a calendar no policy counts in (409 while one does); audited' },
      },
    )
    .get(SLA_ADMIN_PATHS.slaPolicies, () => listSlaPolicies(), {
      auth: 'admin',
      response: responseShape(ZSlaPolicyList),
      detail: { tags, summary: 'SLA policies by name, active or not, with their team and calendar' },
    })
    .post(
      SLA_ADMIN_PATHS.slaPolicies,
      async (ctx) => {
        const policy = await createSlaPolicy(actorOf(ctx), ctx.body);
        ctx.set.status = 201;
        return policy;
      },
      {
        auth: 'admin',
        parse: 'json',
        body: ZCreateSlaPolicyRequest,
        response: { 201: responseShape(ZSlaPolicy) },
        detail: {
          tags,
          summary: 'Create an SLA policy (one active per priority, team and category); audited',
        },
      },
    )
    .patch(
      `${SLA_ADMIN_PATHS.slaPolicies}/:id`,
      (ctx) => changeSlaPolicy(actorOf(ctx), ctx.params.id, ctx.body),
      {
        auth: 'admin',
        params: ZSlaIdParams,
        parse: 'json',
        body: ZUpdateSlaPolicyRequest,
        response: responseShape(ZSlaPolicy),
        detail: {
          tags,
          summary:
            'Change or (de)activate an SLA policy (tickets already filed keep their deadlines); audited',
        },
      },
    );
}
