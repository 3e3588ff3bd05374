import type { TUser } from '@helpdesk/contracts';
import { API_PATHS } from '@helpdesk/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isUnauthorizedError } from './api-client.ts';
import { CURRENT_USER_QUERY } from './query-client.ts';
import { toast } from './toast.ts';

export type TCurrentUserState = {
  user: TUser | null;
  isLoading: boolean;
  /** A failure other than "not signed in" (which is simply `user: null`). */
  error: Error | null;
};

/** The signed-in user from `GET /api/auth/me`; signed out (401/403) reads as `user: null`, not an error. */
export function useCurrentUser(): TCurrentUserState {
  const query = useQuery(CURRENT_USER_QUERY);
  const isSignedOut = query.error !== null && isUnauthorizedError(query.error);
  return {
    // A 401 on a refetch (the session ended elsewhere: sign-out, deactivation) keeps the last answer in
    // the cache; the person is signed out all the same.
    user: isSignedOut ? null : (query.data?.user ?? null),
    isLoading: query.isLoading,
    error: isSignedOut ? null : query.error,
  };
}

/**
 * Signs out: on success the whole query cache is cleared and `toSignIn(answer)` is called, which goes to
 * /login (the answer may hold the identity provider's own sign-out link); both outcomes toast the texts of
 * docs/product.md#error-messages. `toSignIn` keeps this free of any router.
 */
export function useLogout(toSignIn: (answer: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>('POST', API_PATHS.authLogout),
    onSuccess: (answer) => {
      queryClient.clear();
      toast({ title: 'Logged out successfully', description: 'You have been securely logged out.' });
      toSignIn(answer);
    },
    onError: () => {
      toast({
        title: 'Logout failed',
        description: 'There was an error logging out. Please try again.',
        variant: 'destructive',
      });
    },
  });
}
