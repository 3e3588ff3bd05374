import {
  API_PATHS,
  type TUser,
  ZAddTeamMembersRequest,
  ZAddTeamMembersResponse,
  ZCreateTeamRequest,
  ZTeamIdParams,
  ZTeamListResponse,
  ZTeamMemberListResponse,
  ZTeamMemberParams,
  ZTeamResponse,
  ZUpdateTeamRequest,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import { requestMeta } from '../client-ip.ts';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import {
  addTeamMembers,
  changeTeam,
  createTeam,
  listTeamMembers,
  listTeams,
  removeTeam,
  removeTeamMember,
} from './service.ts';

const tags = ['teams'];

/** Teams for the admin's Users & Teams page: the teams, their members, and every change to both. */
export function createTeamRoutes({ config, session }: RouteDeps) {
  const actorOf = (ctx: { user: TUser; request: Request; server: Parameters<typeof requestMeta>[1] }) => ({
    admin: ctx.user,
    meta: requestMeta(ctx.request, ctx.server, config.trustedProxies),
  });
  return new Elysia({ name: 'team-routes' })
    .use(session)
    .get(API_PATHS.teams, () => listTeams(), {
      auth: 'admin',
      response: responseShape(ZTeamListResponse),
      detail: { tags, summary: 'Teams by name, with member counts' },
    })
    .post(
      API_PATHS.teams,
      async (ctx) => {
        const team = await createTeam(actorOf(ctx), ctx.body);
        ctx.set.status = 201;
        return { team };
      },
      {
        auth: 'admin',
        parse: 'json',
        body: ZCreateTeamRequest,
        response: { 201: responseShape(ZTeamResponse) },
        detail: { tags, summary: 'Create a team (name unique whatever its case); audited' },
      },
    )
    .patch(
      `${API_PATHS.teams}/:id`,
      async (ctx) => ({ team: await changeTeam(actorOf(ctx), ctx.params.id, ctx.body) }),
      {
        auth: 'admin',
        params: ZTeamIdParams,
        parse: 'json',
        body: ZUpdateTeamRequest,
        response: responseShape(ZTeamResponse),
        detail: { tags, summary: 'Rename, describe or (de)activate a team; audited' },
      },
    )
    .delete(
      `${API_PATHS.teams}/:id`,
      async (ctx) => {
        await removeTeam(actorOf(ctx), ctx.params.id);
        ctx.set.status = 204;
      },
      {
        auth: 'admin',
        params: ZTeamIdParams,
        detail: { tags, summary: 'Delete a team; its tickets keep working with no team; audited' },
      },
    )
    .get(`${API_PATHS.teams}/:id/members`, ({ params }) => listTeamMembers(params.id), {
      auth: 'admin',
      params: ZTeamIdParams,
      response: responseShape(ZTeamMemberListResponse),
      detail: { tags, summary: 'Members of a team' },
    })
    .post(`${API_PATHS.teams}/:id/members`, (ctx) => addTeamMembers(actorOf(ctx), ctx.params.id, ctx.body), {
      auth: 'admin',
      params: ZTeamIdParams,
      parse: 'json',
      body: ZAddTeamMembersRequest,
      response: responseShape(ZAddTeamMembersResponse),
      detail: {
        tags,
        summary: 'Add active agents/admins as members (already-members are skipped); audited',
      },
    })
    .delete(
      `${API_PATHS.teams}/:id/members/:userId`,
      async (ctx) => {
        await removeTeamMember(actorOf(ctx), ctx.params.id, ctx.params.userId);
        ctx.set.status = 204;
      },
      {
        auth: 'admin',
        params: ZTeamMemberParams,
        detail: { tags, summary: 'Remove one member; audited' },
      },
    );
}
