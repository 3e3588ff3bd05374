import type { TDisplaySettings, TUserResponse } from '@helpdesk/contracts';
import {
  CURRENT_USER_QUERY,
  DISPLAY_SETTINGS_QUERY_KEY,
  getQueryFn,
  readApiResponse,
} from '@helpdesk/shared-ui';
import type { QueryClient } from '@tanstack/react-query';
import type { TEarlySession } from './early-session.ts';

/**
 * Makes the early reads (early-session.ts) the QueryClient's first answers for `me` and the display
 * settings, read the way every API call is (errors included), so the guard that mounts later finds them
 * in the cache or in flight instead of asking again. `me`'s early answer is used once: a retry, or a
 * refresh after signing in, asks the server.
 */
export function seedEarlySession(queryClient: QueryClient, early: TEarlySession | null): void {
  if (!early) return;
  let earlyMe: Promise<Response> | null = early.me;
  const fetchMe = getQueryFn<TUserResponse>({ on401: 'throw' });
  void queryClient.prefetchQuery({
    ...CURRENT_USER_QUERY,
    queryFn: (context) => {
      const answer = earlyMe;
      earlyMe = null;
      return answer ? answer.then((response) => readApiResponse<TUserResponse>(response)) : fetchMe(context);
    },
  });
  void early.displaySettings.then(
    (response) => {
      // Only a settings answer the guard would have asked for is kept: it asks for an active user only,
      // so a signed-out visitor's 401 is dropped. A query already there: the guard asked first.
      if (!response.ok || queryClient.getQueryState(DISPLAY_SETTINGS_QUERY_KEY)) return;
      void queryClient.prefetchQuery({
        queryKey: DISPLAY_SETTINGS_QUERY_KEY,
        queryFn: () => readApiResponse<TDisplaySettings>(response),
      });
    },
    () => {},
  );
}
