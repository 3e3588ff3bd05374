import type { TUser } from '@helpdesk/contracts';
import type { ReactNode } from 'react';
import { useLiveUpdates } from '../session/use-live-updates.ts';
import { AppHeader } from './app-header.tsx';
import type { TLayoutMessageId } from './messages.ts';
import { Sidebar } from './sidebar.tsx';

type TLayoutFrameProps = { sidebar: ReactNode; header: ReactNode; children: ReactNode };

/**
 * Where the sidebar, the header and the page sit. The signed-in layout and the server's first paint
 * (first-paint/) both draw it, so the page does not move when React replaces the first paint.
 */
export function LayoutFrame({ sidebar, header, children }: TLayoutFrameProps) {
  return (
    <div className="min-h-screen bg-muted/40">
      {sidebar}
      <div className="flex min-h-screen flex-col md:pl-64">
        {header}
        <main className="flex-1 p-4 md:p-6 lg:p-8">{children}</main>
      </div>
    </div>
  );
}

type TAppLayoutProps = {
  user: TUser;
  title: TLayoutMessageId;
  isNewTicketHidden: boolean;
  children: ReactNode;
};

/** Sidebar, shared header and the page area of every signed-in page; live updates run while it is shown. */
export function AppLayout({ user, title, isNewTicketHidden, children }: TAppLayoutProps) {
  useLiveUpdates(user.role);
  return (
    <LayoutFrame
      sidebar={<Sidebar user={user} />}
      header={<AppHeader user={user} title={title} isNewTicketHidden={isNewTicketHidden} />}
    >
      {children}
    </LayoutFrame>
  );
}
