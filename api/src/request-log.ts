import { Elysia, StatusMap } from 'elysia';
import type { Logger } from './log.ts';
import { beginRequest, elapsedMs, requestIdOf } from './request-context.ts';

function statusOf(status: number | string | undefined, response: unknown): number {
  if (response instanceof Response) return response.status;
  if (typeof status === 'number') return status;
  if (typeof status === 'string' && status in StatusMap) return StatusMap[status as keyof typeof StatusMap];
  return 200;
}

/**
 * One log line per request: time, request id (also sent as X-Request-Id), method, path without
 * the query string, status and duration. Never headers or bodies, so no password, token or cookie.
 */
export function createRequestLog(log: Logger) {
  return new Elysia({ name: 'request-log' })
    .onRequest(({ request, set }) => {
      set.headers['x-request-id'] = beginRequest(request).id;
    })
    .onAfterResponse({ as: 'global' }, ({ request, set, responseValue }) => {
      const { pathname } = new URL(request.url);
      const status = statusOf(set.status, responseValue);
      log.info(
        `${new Date().toISOString()} ${requestIdOf(request)} ${request.method} ${pathname} ${status} ${elapsedMs(request).toFixed(1)}ms`,
      );
    });
}
