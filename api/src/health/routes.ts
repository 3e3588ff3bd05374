import { API_PATHS, RETURN_PATH_PARAM, withReturnPath } from '@helpdesk/contracts';
import { Elysia, redirect } from 'elysia';
import { z } from 'zod';
import { sql } from '../db.ts';
import type { RouteDeps } from '../deps.ts';
import { unavailable } from '../errors.ts';
import { responseShape } from '../response-shape.ts';

const tags = ['health'];

/** Whether the database answers a trivial query within the connect timeout. */
async function isDatabaseReady(): Promise<boolean> {
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  }
}

/** Liveness, readiness, and the spec's /api/login (where the client sends a browser after a 401). */
export function createHealthRoutes({ session }: RouteDeps) {
  return new Elysia({ name: 'health-routes' })
    .use(session)
    .get(API_PATHS.health, () => ({ status: 'ok' as const }), {
      auth: 'public',
      response: responseShape(z.object({ status: z.literal('ok') })),
      detail: { tags, summary: 'The process is up' },
    })
    .get(
      API_PATHS.ready,
      async () => {
        if (!(await isDatabaseReady())) throw unavailable();
        return { status: 'ready' as const };
      },
      {
        auth: 'public',
        response: responseShape(z.object({ status: z.literal('ready') })),
        detail: { tags, summary: 'The database answers' },
      },
    )
    .get(
      API_PATHS.loginRedirect,
      // Any other or unsafe value falls back to the bare sign-in page rather than refusing: this is
      // where a browser lands after its session ended, and it must always reach a way back in.
      ({ query }) => redirect(withReturnPath('/login', query[RETURN_PATH_PARAM] ?? null, '/'), 302),
      {
        auth: 'public',
        detail: {
          tags,
          summary: 'Sends the browser to the sign-in page, carrying a same-origin ?redirect= return path',
        },
      },
    );
}
