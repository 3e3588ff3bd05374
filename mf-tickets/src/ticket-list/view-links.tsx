import type { TTicketView, TTicketViewCounts, TUserRole } from '@helpdesk/contracts';
import { cn } from '@helpdesk/shared-ui';
import { Link } from '@tanstack/react-router';
import { VIEW_LABEL_IDS } from './list-filters.ts';
import { viewSearch, viewsFor } from './list-search.ts';
import { useTicketListT } from './messages.ts';
import { viewCountText } from './view-counts.ts';

/** The classes of each part: the tabs' by default, the sidebar passes its own. */
export type TViewLinkStyles = { list: string; link: string; active: string; idle: string; count: string };

export const TAB_STYLES: TViewLinkStyles = {
  // relative: the counts' screen-reader words (sr-only, absolute) stay inside the scrolling row on phones.
  list: 'relative flex gap-1 overflow-x-auto md:flex-wrap',
  link: 'flex shrink-0 items-center gap-2 whitespace-nowrap rounded-md px-3 py-1.5 font-medium text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
  active: 'bg-accent text-foreground',
  idle: 'text-muted-foreground hover:bg-accent hover:text-foreground',
  count: 'rounded-full bg-muted px-2 text-xs tabular-nums text-muted-foreground',
};

type TProps = {
  role: TUserRole;
  counts: TTicketViewCounts | undefined;
  /** The view on screen, or null when the list page is not (the sidebar elsewhere). */
  current: TTicketView | null;
  styles?: TViewLinkStyles;
  /** The list's tabs mark the current page; in the sidebar All Tickets is the page and the view its current item. */
  currentMark?: 'page' | 'true';
};

/** The role's views as links to the list, each with its live count (read out as "12 tickets"). */
export function ViewLinks({ role, counts, current, styles = TAB_STYLES, currentMark = 'page' }: TProps) {
  const style = styles;
  const t = useTicketListT();
  return (
    <ul className={style.list} data-testid="ticket-views">
      {viewsFor(role).map((view) => {
        const count = viewCountText(counts, view);
        const isActive = current === view;
        return (
          <li key={view}>
            <Link
              to="/tickets"
              search={viewSearch(view)}
              aria-current={isActive ? currentMark : undefined}
              className={cn(style.link, isActive ? style.active : style.idle)}
              data-view={view}
            >
              <span>{t(VIEW_LABEL_IDS[view])}</span>
              {count && (
                <span className={style.count} data-testid="view-count">
                  {count.shown}
                  <span className="sr-only">
                    {' '}
                    {t('ticketList.countNoun', { count: count.noun === 'ticket' ? 1 : 2 })}
                  </span>
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
