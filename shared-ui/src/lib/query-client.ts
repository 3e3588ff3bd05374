import type { TUserResponse } from '@helpdesk/contracts';
import { API_PATHS } from '@helpdesk/contracts/constants';
import { QueryClient, type QueryKey, queryOptions } from '@tanstack/react-query';
import { getQueryFn, isUnauthorizedError } from './api-client.ts';

/** The me-call is retried at most this many times (and never for 401/403). */
export const CURRENT_USER_MAX_RETRIES = 2;
const CURRENT_USER_RETRY_BASE_MS = 1000;
const CURRENT_USER_RETRY_CAP_MS = 30_000;

/** Retry rule of the current-user call: no retry when signed out, otherwise up to two. */
export function shouldRetryCurrentUser(failureCount: number, error: Error): boolean {
  return !isUnauthorizedError(error) && failureCount < CURRENT_USER_MAX_RETRIES;
}

/** Back-off of the current-user call: 1 s, doubling, capped at 30 s. */
export function currentUserRetryDelay(failureCount: number): number {
  return Math.min(CURRENT_USER_RETRY_BASE_MS * 2 ** failureCount, CURRENT_USER_RETRY_CAP_MS);
}

/** Query options of `GET /api/auth/me`, the call every guard and header reads the signed-in user from. */
export const CURRENT_USER_QUERY = queryOptions({
  queryKey: [API_PATHS.authMe] as const,
  queryFn: getQueryFn<TUserResponse>({ on401: 'throw' }),
  retry: shouldRetryCurrentUser,
  retryDelay: currentUserRetryDelay,
  staleTime: 300_000,
  gcTime: 600_000,
});

/** Query keys that hold the signed-in user; refresh them after sign-in and profile changes. */
export const CURRENT_USER_QUERY_KEYS: readonly QueryKey[] = [[API_PATHS.authMe], [API_PATHS.authUser]];

/** Refreshes every cached copy of the signed-in user (after login and profile update). */
export async function refreshCurrentUser(queryClient: QueryClient): Promise<void> {
  await Promise.all(CURRENT_USER_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** The one QueryClient, with the defaults of docs/product.md#calls-and-client-defaults: no retries, never stale, no refetching. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
