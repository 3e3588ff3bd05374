import { Elysia, StatusMap } from 'elysia';
import type { Logger } from './log.ts';
import { beginRequest, elapsedMs, pathOf, requestIdOf } from './request-context.ts';

/** The status a response went out with, whichever way the handler set it. */
export function statusOf(status: number | string | undefined, response: unknown): number {
  if (response instanceof Response) return response.status;
  if (typeof status === 'number') return status;
  if (typeof status === 'string' && status in StatusMap) return StatusMap[status as keyof typeof StatusMap];
  return 200;
}

/**
 * One structured log line per request: request id (also sent as X-Request-Id), method, path
 * without the query string, route pattern, status and duration. Never headers or bodies, so no
 * password, token or cookie.
 */
export function createRequestLog(log: Logger) {
  return new Elysia({ name: 'request-log' })
    .onRequest(({ request, set }) => {
      set.headers['x-request-id'] = beginRequest(request).id;
    })
    .onAfterResponse({ as: 'global' }, ({ request, route, set, responseValue }) => {
      log.info('request', {
        requestId: requestIdOf(request),
        method: request.method,
        path: pathOf(request),
        route: route || null,
        status: statusOf(set.status, responseValue),
        durationMs: Number(elapsedMs(request).toFixed(1)),
      });
    });
}
