import type { TSearchResponse } from '@helpdesk/contracts';
import { searchQueryKey } from '@helpdesk/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/**
 * GET /api/search for a term (nothing while it is null). The previous term's results stay on
 * screen while the next ones load, so the list does not flash empty between keystrokes; a term
 * searched again within a minute answers from the cache at once and refreshes behind it.
 */
export function useDeskSearch(term: string | null, limit: number) {
  return useQuery<TSearchResponse>({
    queryKey: searchQueryKey(term ?? '', limit),
    enabled: term !== null,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
