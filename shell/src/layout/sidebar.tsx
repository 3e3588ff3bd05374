import type { TUser, TUserRole } from '@helpdesk/contracts';
import { Avatar, AvatarFallback, cn, fullName, initials, useRoleLabel } from '@helpdesk/shared-ui';
import { Link, useRouterState } from '@tanstack/react-router';
import {
  BarChart3,
  BookOpen,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Settings,
  Ticket,
  Timer,
  Users,
  Workflow,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useLayoutT } from './messages.ts';
import { isNavItemActive, navGroupsFor, type TNavIcon, type TNavItem } from './nav-items.ts';

const ICONS: Record<TNavIcon, LucideIcon> = {
  dashboard: LayoutDashboard,
  tickets: Ticket,
  kb: BookOpen,
  users: Users,
  settings: Settings,
  reports: BarChart3,
  serviceLevels: Timer,
  automation: Workflow,
};

/** The attributes of one navigation link, whatever draws it (the router's Link, or a plain anchor). */
export type TNavLinkProps = { className: string; 'aria-current': 'page' | undefined; children: ReactNode };

export function SidebarBrand() {
  const t = useLayoutT();
  return (
    <div className="flex h-16 items-center gap-3 border-b border-sidebar-border px-5">
      <div className="flex size-9 items-center justify-center rounded-lg bg-sidebar-primary text-sidebar-primary-foreground">
        <LifeBuoy className="size-5" aria-hidden />
      </div>
      <div className="leading-tight">
        <p className="font-semibold text-sidebar-foreground">{t('layout.brand')}</p>
        <p className="text-muted-foreground text-xs">{t('layout.tagline')}</p>
      </div>
    </div>
  );
}

type TSidebarNavProps = {
  role: TUserRole;
  pathname: string;
  renderLink: (item: TNavItem, props: TNavLinkProps) => ReactNode;
};

/** The role's navigation groups (nav-items.ts), the current page's link highlighted. */
export function SidebarNav({ role, pathname, renderLink }: TSidebarNavProps) {
  const t = useLayoutT();
  return (
    <nav aria-label={t('layout.mainNavigation')} className="flex-1 space-y-6 overflow-y-auto px-3 py-4">
      {navGroupsFor(role, t).map((group) => (
        <div key={group.label ?? 'main'}>
          {group.label && (
            <p className="mb-2 px-3 font-medium text-muted-foreground text-xs uppercase tracking-wider">
              {group.label}
            </p>
          )}
          <ul className="space-y-1">
            {group.items.map((item) => {
              const Icon = ICONS[item.icon];
              const isActive = isNavItemActive(item, pathname);
              return (
                <li key={item.to}>
                  {renderLink(item, {
                    'aria-current': isActive ? 'page' : undefined,
                    className: cn(
                      'flex items-center gap-3 rounded-md px-3 py-2 font-medium text-sm transition-colors',
                      'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sidebar-ring',
                      isActive
                        ? 'bg-sidebar-accent text-sidebar-accent-foreground'
                        : 'text-sidebar-foreground/80 hover:bg-sidebar-accent/60 hover:text-sidebar-accent-foreground',
                    ),
                    children: (
                      <>
                        <Icon className={cn('size-4', isActive && 'text-sidebar-primary')} aria-hidden />
                        {item.label}
                      </>
                    ),
                  })}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** Brand, navigation and the signed-in user; used by the desktop sidebar and the mobile drawer. */
export function SidebarContent({ user, onNavigate }: { user: TUser; onNavigate?: () => void }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // The hook, not roleLabel: the sidebar renders before a non-English translator arrives and must redraw then.
  const roleLabel = useRoleLabel();
  return (
    <div className="flex h-full flex-col">
      <SidebarBrand />
      <SidebarNav
        role={user.role}
        pathname={pathname}
        renderLink={(item, props) => <Link to={item.to} onClick={onNavigate} {...props} />}
      />
      <div className="flex items-center gap-3 border-t border-sidebar-border p-4" data-testid="sidebar-user">
        <Avatar className="size-9">
          <AvatarFallback className="bg-sidebar-primary/10 font-medium text-sidebar-primary text-sm">
            {initials(user.firstName, user.lastName)}
          </AvatarFallback>
        </Avatar>
        <div className="min-w-0 leading-tight">
          <p className="truncate font-medium text-sidebar-foreground text-sm">{fullName(user)}</p>
          <p className="truncate text-muted-foreground text-xs">{roleLabel(user.role)}</p>
        </div>
      </div>
    </div>
  );
}

/** The fixed sidebar on medium and larger screens. */
export function SidebarFrame({ children }: { children: ReactNode }) {
  return (
    <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-sidebar-border border-r bg-sidebar md:block">
      {children}
    </aside>
  );
}

export function Sidebar({ user }: { user: TUser }) {
  return (
    <SidebarFrame>
      <SidebarContent user={user} />
    </SidebarFrame>
  );
}
