import type { TTicketView, TTicketViewCounts, TUserRole } from '@helpdesk/contracts';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTicketListT } from './messages.ts';
import { type TViewLinkStyles, ViewLinks } from './view-links.tsx';

// The shell's own sidebar look (shell/src/layout/sidebar.tsx): a group like Administration.
const SIDEBAR_STYLES: TViewLinkStyles = {
  list: 'flex flex-col gap-1',
  link: 'flex items-center justify-between gap-2 rounded-md px-3 py-1.5 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
  active: 'bg-accent font-medium text-foreground',
  idle: 'text-muted-foreground hover:bg-accent hover:text-foreground',
  count: 'text-xs tabular-nums text-muted-foreground',
};

type TProps = { role: TUserRole; counts: TTicketViewCounts | undefined; current: TTicketView | null };

/**
 * The staff views with their counts, drawn into the desktop sidebar as its last group, "Queues". The
 * place is made here, not by the sidebar: the shell's start-up code is at its byte budget, so the
 * views come with the ticket pages (the list draws them itself, a ticket's page loads them as a
 * module). Last, so that nothing the first paint drew moves when they arrive.
 */
export function SidebarViewLinks({ role, counts, current }: TProps) {
  const t = useTicketListT();
  const [slot, setSlot] = useState<Element | null>(null);
  useEffect(() => {
    if (role === 'end_user') return;
    const nav = document.querySelector('aside nav[aria-label="Main"]');
    if (!nav) return;
    const place = document.createElement('div');
    nav.append(place);
    setSlot(place);
    return () => place.remove();
  }, [role]);
  if (!slot) return null;
  return createPortal(
    <section aria-labelledby="sidebar-queues">
      <p
        id="sidebar-queues"
        className="mb-2 px-3 font-medium text-muted-foreground text-xs uppercase tracking-wider"
      >
        {t('ticketList.queues')}
      </p>
      <ViewLinks role={role} counts={counts} current={current} styles={SIDEBAR_STYLES} currentMark="true" />
    </section>,
    slot,
  );
}
