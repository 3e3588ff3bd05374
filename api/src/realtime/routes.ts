import { API_PATHS } from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import type { RouteDeps } from '../deps.ts';
import { openEventStream, realtimeHub } from './service.ts';

/** Server-Sent Events for the signed-in user: the bell and open ticket pages refresh as things change. */
export function createRealtimeRoutes({ config, log, session }: RouteDeps) {
  const hub = realtimeHub(config, log);
  return new Elysia({ name: 'realtime-routes' }).use(session).get(
    API_PATHS.events,
    ({ user, sid, request, server }) => {
      // Bun closes a connection that sends nothing for its idleTimeout (30 s under Elysia); a stream
      // is quiet between heartbeats by design, and REALTIME_HEARTBEAT_MS may be up to a minute.
      server?.timeout(request, 0);
      return openEventStream(hub, { user, sid, signal: request.signal });
    },
    {
      auth: 'signed-in',
      detail: {
        tags: ['realtime'],
        summary: 'Live updates (text/event-stream): `notifications` and, for staff, `ticket` events',
        description:
          'Always on for every signed-in user (the push notifications setting governs desktop notifications). Events carry ids only; refetch through the API.',
      },
    },
  );
}
