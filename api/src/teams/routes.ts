import { API_PATHS, ZTeamIdParams, ZTeamListResponse, ZTeamMemberListResponse } from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import type { RouteDeps } from '../deps.ts';
import { listTeamMembers, listTeams } from './service.ts';

const tags = ['teams'];

/** Teams for the admin's Users & Teams page (reading; managing members comes with its own issue). */
export function createTeamRoutes({ session }: RouteDeps) {
  return new Elysia({ name: 'team-routes' })
    .use(session)
    .get(API_PATHS.teams, () => listTeams(), {
      auth: true,
      response: ZTeamListResponse,
      detail: { tags, summary: 'Teams by name, with member counts' },
    })
    .get(`${API_PATHS.teams}/:id/members`, ({ params }) => listTeamMembers(params.id), {
      auth: true,
      params: ZTeamIdParams,
      response: ZTeamMemberListResponse,
      detail: { tags, summary: 'Members of a team' },
    });
}
