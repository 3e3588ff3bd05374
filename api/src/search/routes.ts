import { API_PATHS, ZSearchQuery, ZSearchResponse } from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import { searchDesk } from './service.ts';

const tags = ['search'];

/** The header's one search box: tickets, people and knowledge base articles, as the caller may see them. */
export function createSearchRoutes({ session }: RouteDeps) {
  return new Elysia({ name: 'search-routes' })
    .use(session)
    .get(API_PATHS.search, ({ user, query }) => searchDesk(user, query), {
      auth: 'signed-in',
      query: ZSearchQuery,
      response: responseShape(ZSearchResponse),
      detail: {
        tags,
        summary:
          'Tickets, people (agents and admins only) and articles for plain words, a ticket number or a name, best first',
      },
    });
}
