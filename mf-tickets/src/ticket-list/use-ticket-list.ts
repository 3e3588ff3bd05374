import type { TTicketListResponse } from '@helpdesk/contracts';
import { apiRequest } from '@helpdesk/shared-ui';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type TTicketListFilters, ticketListKey, ticketListPageUrl } from './list-filters.ts';

/** The ticket list, newest first, one page per "Load more" (keyset cursor from the previous page). */
export function useTicketList(filters: TTicketListFilters) {
  return useInfiniteQuery({
    queryKey: ticketListKey(filters),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<TTicketListResponse>('GET', ticketListPageUrl(filters, pageParam), undefined, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // Tickets change under other people's hands: each visit reads the list again, showing the cached
    // rows meanwhile; a new filter keeps the current rows on screen until its own arrive.
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
}
