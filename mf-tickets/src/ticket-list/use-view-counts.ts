import type { TTicketViewCounts } from '@helpdesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { VIEW_COUNTS_KEY } from './view-counts.ts';

/**
 * The caller's view counts, read again each time the list on screen is: a live `ticket` event and every
 * change made here refetch the list, and a ticket that moved may have moved a count. `listVersion` is
 * the list's dataUpdatedAt; its first value is the page's own first read, which needs no second one.
 */
export function useViewCounts(listVersion: number, isEnabled: boolean) {
  const counts = useQuery<TTicketViewCounts>({ queryKey: VIEW_COUNTS_KEY, enabled: isEnabled });
  const { refetch } = counts;
  const seen = useRef(listVersion);
  useEffect(() => {
    if (isEnabled && seen.current !== 0 && listVersion !== seen.current) void refetch();
    seen.current = listVersion;
  }, [listVersion, refetch, isEnabled]);
  return counts.data;
}
