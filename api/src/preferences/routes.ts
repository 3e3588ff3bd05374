import { API_PATHS, ZPreferencesResponse, ZPreferencesUpdateRequest } from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import { getOwnPreferences, updateOwnPreferences } from './service.ts';

const tags = ['auth'];

/** The signed-in person's own language and time zone (docs/product.md#languages). */
export function createPreferencesRoutes({ session }: RouteDeps) {
  return new Elysia({ name: 'preferences-routes' })
    .use(session)
    .get(API_PATHS.authPreferences, async ({ user }) => ({ preferences: await getOwnPreferences(user) }), {
      auth: 'signed-in',
      response: responseShape(ZPreferencesResponse),
      detail: { tags, summary: 'Own language and time zone; null follows the desk' },
    })
    .patch(
      API_PATHS.authPreferences,
      async ({ user, body }) => ({ preferences: await updateOwnPreferences(user, body) }),
      {
        auth: 'signed-in',
        parse: 'json',
        body: ZPreferencesUpdateRequest,
        response: responseShape(ZPreferencesResponse),
        detail: {
          tags,
          summary:
            'Set own language (en, es, fr, de) and IANA time zone; null follows the desk, absent keeps',
        },
      },
    );
}
