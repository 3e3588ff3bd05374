import '../remote-styles.ts';
import type { TSidebarViewsProps } from '@helpdesk/contracts';
import { SidebarViewLinks } from '../ticket-list/sidebar-view-links.tsx';
import { useLiveViewCounts } from '../ticket-list/use-live-view-counts.ts';

/** The sidebar's staff views on a ticket's page (the list draws its own): counts kept live. */
export default function SidebarViews({ currentUser }: TSidebarViewsProps) {
  return <SidebarViewLinks role={currentUser.role} counts={useLiveViewCounts()} current={null} />;
}
