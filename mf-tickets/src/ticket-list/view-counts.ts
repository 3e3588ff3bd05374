import { API_PATHS, TICKET_VIEWS_PATH, type TTicketView, type TTicketViewCounts } from '@helpdesk/contracts';
import type { QueryKey } from '@tanstack/react-query';

/** GET /api/tickets/views: the default query function fetches it from the key. */
export const VIEW_COUNTS_KEY = [TICKET_VIEWS_PATH] as const;

export type TViewCountText = { shown: string; spoken: string };

/** A view's count as the tabs and the sidebar show it ("1000+" when capped), and as it is read out. */
export function viewCountText(
  counts: TTicketViewCounts | undefined,
  view: TTicketView,
): TViewCountText | null {
  const count = counts?.views[view];
  if (count === undefined) return null;
  if (counts?.capped.includes(view)) return { shown: `${count}+`, spoken: `more than ${count} tickets` };
  return { shown: String(count), spoken: count === 1 ? '1 ticket' : `${count} tickets` };
}

/**
 * Whether a cache change makes the counts wrong: a ticket list marked stale (a live `ticket` event, a
 * change made on this page or a ticket's) means a ticket moved, so a count may have too.
 */
export function invalidatesCounts(queryKey: QueryKey, actionType: string): boolean {
  return actionType === 'invalidate' && queryKey[0] === API_PATHS.tickets && typeof queryKey[1] === 'object';
}
