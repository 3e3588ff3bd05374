import '../remote-styles.ts';
import type { TSidebarViewsProps } from '@helpdesk/contracts';
import { useLocation } from '@tanstack/react-router';
import { parseListSearch } from '../ticket-list/list-search.ts';
import { useLiveViewCounts } from '../ticket-list/use-live-view-counts.ts';
import { type TViewLinkStyles, ViewLinks } from '../ticket-list/view-links.tsx';

// The shell's own sidebar look (shell/src/layout/sidebar.tsx), one step in.
const SIDEBAR_STYLES: TViewLinkStyles = {
  list: 'mt-1 flex flex-col gap-1 pl-4',
  link: 'flex items-center justify-between gap-2 rounded-md px-3 py-1.5 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
  active: 'bg-accent font-medium text-foreground',
  idle: 'text-muted-foreground hover:bg-accent hover:text-foreground',
  count: 'text-xs tabular-nums text-muted-foreground',
};

/**
 * The shell's sidebar, under All Tickets: the staff views with their counts. Small on purpose: the shell
 * loads it lazily on the ticket pages, so its start-up code does not grow.
 */
export default function SidebarViews({ currentUser }: TSidebarViewsProps) {
  const counts = useLiveViewCounts();
  const { pathname, search } = useLocation();
  const isList = pathname === '/tickets' || pathname === '/tickets/';
  const current = isList ? (parseListSearch(search, currentUser.role).view ?? 'all') : null;
  return (
    <ViewLinks
      role={currentUser.role}
      counts={counts}
      current={current}
      styles={SIDEBAR_STYLES}
      currentMark="true"
    />
  );
}
