import { afterAll, beforeEach, describe, expect, test } from 'bun:test';
import { API_PATHS, ERROR_CODES, SERVER_MESSAGES } from '@helpdesk/contracts/constants';
import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';
import {
  CURRENT_USER_MAX_RETRIES,
  CURRENT_USER_QUERY,
  CURRENT_USER_QUERY_KEYS,
  createQueryClient,
  currentUserRetryDelay,
  refreshCurrentUser,
  shouldRetryCurrentUser,
} from './query-client.ts';

const hits = new Map<string, number>();

const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(req) {
    const { pathname, search } = new URL(req.url);
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
    switch (pathname) {
      case '/echo':
        return Response.json({ pathname, search });
      case '/unauthenticated':
        return Response.json(
          { code: ERROR_CODES.unauthenticated, message: SERVER_MESSAGES.notAuthenticated },
          { status: 401 },
        );
      case '/forbidden':
        return Response.json(
          { code: ERROR_CODES.forbidden, message: SERVER_MESSAGES.forbidden },
          { status: 403 },
        );
      default:
        return new Response('down', { status: 500 });
    }
  },
});
const base = `http://127.0.0.1:${server.port}`;
afterAll(() => server.stop(true));
beforeEach(() => hits.clear());

const error = (status: number) => new ApiRequestError(status, '', '');

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (caught) {
    return caught;
  }
  throw new Error('expected a rejection');
}

describe('createQueryClient (the client defaults)', () => {
  test('no retries, never stale, no refetch on focus, no polling', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.queries?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.refetchInterval).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });

  test('the default query function GETs the joined key and parses JSON', async () => {
    const client = createQueryClient();
    const data = await client.fetchQuery({ queryKey: [`${base}/echo`, { status: 'all', role: 'agent' }] });
    expect(data).toEqual({ pathname: '/echo', search: '?role=agent' });
  });

  test('a failing query is tried once only', async () => {
    const client = createQueryClient();
    const caught = await rejectionOf(client.fetchQuery({ queryKey: [`${base}/down`] }));
    expect(caught).toBeInstanceOf(ApiRequestError);
    expect(hits.get('/down')).toBe(1);
  });

  test('cached data is not refetched (staleTime Infinity)', async () => {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: [`${base}/echo`] });
    await client.fetchQuery({ queryKey: [`${base}/echo`] });
    expect(hits.get('/echo')).toBe(1);
  });
});

describe('CURRENT_USER_QUERY', () => {
  test('reads /api/auth/me, fresh 5 minutes, cached 10 minutes', () => {
    expect(Array.from(CURRENT_USER_QUERY.queryKey)).toEqual([API_PATHS.authMe]);
    expect(CURRENT_USER_QUERY.staleTime).toBe(300_000);
    expect(CURRENT_USER_QUERY.gcTime).toBe(600_000);
    expect(CURRENT_USER_QUERY.retry).toBe(shouldRetryCurrentUser);
    expect(CURRENT_USER_QUERY.retryDelay).toBe(currentUserRetryDelay);
    expect(CURRENT_USER_QUERY_KEYS).toEqual([[API_PATHS.authMe], [API_PATHS.authUser]]);
  });

  test('never retried on 401 or 403, nor an authentication message', () => {
    expect(shouldRetryCurrentUser(0, error(401))).toBe(false);
    expect(shouldRetryCurrentUser(0, error(403))).toBe(false);
    expect(shouldRetryCurrentUser(0, new Error(SERVER_MESSAGES.notAuthenticated))).toBe(false);
  });

  test('other failures retried at most twice', () => {
    expect(CURRENT_USER_MAX_RETRIES).toBe(2);
    expect(shouldRetryCurrentUser(0, error(500))).toBe(true);
    expect(shouldRetryCurrentUser(1, error(500))).toBe(true);
    expect(shouldRetryCurrentUser(2, error(500))).toBe(false);
    expect(shouldRetryCurrentUser(0, new TypeError('fetch failed'))).toBe(true);
  });

  test('back-off starts at 1 s, doubles, and stops growing at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(currentUserRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  // The rule as TanStack Query applies it, against a real server (delay shortened to keep the test fast).
  const fetchWithCurrentUserRules = (path: string) =>
    rejectionOf(
      createQueryClient().fetchQuery({
        queryKey: [`${base}${path}`],
        retry: CURRENT_USER_QUERY.retry,
        retryDelay: 1,
      }),
    );

  test('a 500 is asked three times in all', async () => {
    await fetchWithCurrentUserRules('/down');
    expect(hits.get('/down')).toBe(3);
  });

  test('a 401 or 403 is asked once', async () => {
    await fetchWithCurrentUserRules('/unauthenticated');
    await fetchWithCurrentUserRules('/forbidden');
    expect(hits.get('/unauthenticated')).toBe(1);
    expect(hits.get('/forbidden')).toBe(1);
  });

  test('refreshCurrentUser invalidates both cached copies of the user', async () => {
    const client = new QueryClient();
    client.setQueryData([API_PATHS.authMe], { user: null });
    client.setQueryData([API_PATHS.authUser], { user: null });
    client.setQueryData([API_PATHS.tickets], []);
    await refreshCurrentUser(client);
    expect(client.getQueryState([API_PATHS.authMe])?.isInvalidated).toBe(true);
    expect(client.getQueryState([API_PATHS.authUser])?.isInvalidated).toBe(true);
    expect(client.getQueryState([API_PATHS.tickets])?.isInvalidated).toBe(false);
  });
});
