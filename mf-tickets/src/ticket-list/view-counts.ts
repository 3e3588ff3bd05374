import { TICKET_VIEWS_PATH, type TTicketView, type TTicketViewCounts } from '@helpdesk/contracts';

/** GET /api/tickets/views: the default query function fetches it from the key. */
export const VIEW_COUNTS_KEY = [TICKET_VIEWS_PATH] as const;

export type TViewCountText = { shown: string; noun: 'ticket' | 'tickets' };

/**
 * A view's count as the tabs and the sidebar show it ("1000+" when capped), and the noun a screen
 * reader hears after it ("Unassigned 12 tickets": the visible text stays the start of the name).
 */
export function viewCountText(
  counts: TTicketViewCounts | undefined,
  view: TTicketView,
): TViewCountText | null {
  const count = counts?.views[view];
  if (count === undefined) return null;
  const isCapped = counts?.capped.includes(view) ?? false;
  return {
    shown: isCapped ? `${count}+` : String(count),
    noun: count === 1 && !isCapped ? 'ticket' : 'tickets',
  };
}
