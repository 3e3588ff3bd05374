import type { TUser } from '@helpdesk/contracts';
import type { ReactNode } from 'react';
import { type TLayoutMessageId, useLayoutT } from './messages.ts';
import { MobileNav } from './mobile-nav.tsx';
import { NewTicketButton } from './new-ticket-button.tsx';
import { NotificationsBell } from './notifications-bell.tsx';
import { SearchBox } from './search-box.tsx';
import { UserMenu } from './user-menu.tsx';

type TAppHeaderProps = { user: TUser; title: TLayoutMessageId; isNewTicketHidden: boolean };

type THeaderBarProps = { menu: ReactNode; title: TLayoutMessageId; children?: ReactNode };

/** The header's bar: the small screens' menu button, the page title, then the tools at the far end. */
export function HeaderBar({ menu, title, children }: THeaderBarProps) {
  const t = useLayoutT();
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b bg-background/95 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/80 md:px-6">
      {menu}
      <h1 className="line-clamp-2 font-semibold text-lg tracking-tight" data-testid="page-title">
        {t(title)}
      </h1>
      {children}
    </header>
  );
}

/** The shared header of every signed-in page. */
export function AppHeader({ user, title, isNewTicketHidden }: TAppHeaderProps) {
  const hasBell = user.role === 'admin' || user.role === 'agent';
  return (
    <HeaderBar menu={<MobileNav user={user} />} title={title}>
      <div className="ml-auto flex items-center gap-2">
        <SearchBox user={user} />
        {!isNewTicketHidden && <NewTicketButton currentUser={user} />}
        {hasBell && <NotificationsBell />}
        <UserMenu user={user} />
      </div>
    </HeaderBar>
  );
}
