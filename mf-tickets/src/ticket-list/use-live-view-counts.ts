import type { TTicketViewCounts } from '@helpdesk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidatesCounts, VIEW_COUNTS_KEY } from './view-counts.ts';

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
