import { API_PATHS, type TTicketViewCounts } from '@helpdesk/contracts';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { VIEW_COUNTS_KEY } from './view-counts.ts';

/**
 * Whether a cache change makes the counts wrong: a ticket list marked stale (a live `ticket` event, a
 * change made on this page or a ticket's) means a ticket moved, so a count may have too.
 */
export function invalidatesCounts(queryKey: QueryKey, actionType: string): boolean {
  return actionType === 'invalidate' && queryKey[0] === API_PATHS.tickets && typeof queryKey[1] === 'object';
}

/**
 * The view counts where no list is on screen (the sidebar on a ticket's page): read again whenever the
 * ticket lists are marked stale, which the shell does on each live `ticket` event and every change
 * made here does too, so the counts follow without the shell knowing about them.
 */
export function useLiveViewCounts() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || !invalidatesCounts(event.query.queryKey, event.action.type)) return;
        void queryClient.invalidateQueries({ queryKey: VIEW_COUNTS_KEY, exact: true });
      }),
    [queryClient],
  );
  return useQuery<TTicketViewCounts>({ queryKey: VIEW_COUNTS_KEY }).data;
}
