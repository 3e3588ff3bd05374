import type { TMeResponse, TUser } from '@helpdesk/contracts';
import { API_PATHS } from '@helpdesk/contracts/constants';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Puts a user the server has just answered with (a profile save) into every cached copy of the
 * signed-in user, keeping the rest of the me answer (preferences) as it is. Showing the answer beats
 * a refetch, which another API process could answer from its session cache before the database's
 * notice of the change reaches it.
 */
export function seedCurrentUser(queryClient: QueryClient, user: TUser): void {
  queryClient.setQueryData<TMeResponse>([API_PATHS.authMe], (me) => (me ? { ...me, user } : me));
  queryClient.setQueryData<TUser>([API_PATHS.authUser], (cached) => (cached ? user : cached));
}
