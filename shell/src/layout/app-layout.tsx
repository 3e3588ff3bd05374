import type { TUser } from '@helpdesk/contracts';
import type { ReactNode } from 'react';
import { useLiveUpdates } from '../session/use-live-updates.ts';
import { AppHeader } from './app-header.tsx';
import { Sidebar } from './sidebar.tsx';

type TAppLayoutProps = { user: TUser; title: string; isNewTicketHidden: boolean; children: ReactNode };

/** Sidebar, shared header and the page area of every signed-in page; live updates run while it is shown. */
export function AppLayout({ user, title, isNewTicketHidden, children }: TAppLayoutProps) {
  useLiveUpdates(user.role);
  return (
    <div className="min-h-screen bg-muted/40">
      <Sidebar user={user} />
      <div className="flex min-h-screen flex-col md:pl-64">
        <AppHeader user={user} title={title} isNewTicketHidden={isNewTicketHidden} />
        <main className="flex-1 p-4 md:p-6 lg:p-8">{children}</main>
      </div>
    </div>
  );
}
