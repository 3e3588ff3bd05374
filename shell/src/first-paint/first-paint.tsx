import type { TUserRole } from '@helpdesk/contracts';
import type { ReactNode } from 'react';
import { DashboardColumn, DashboardIntro } from '../dashboard/dashboard-page.tsx';
import { MetricCardsSkeleton } from '../dashboard/metric-cards.tsx';
import { HeaderBar } from '../layout/app-header.tsx';
import { LayoutFrame } from '../layout/app-layout.tsx';
import { MenuButton } from '../layout/mobile-nav.tsx';
import { SidebarBrand, SidebarFrame, SidebarNav } from '../layout/sidebar.tsx';
import type { TSignedInPage } from '../layout/signed-in-pages.ts';

type TFrameProps = { userRole: TUserRole; page: TSignedInPage; children?: ReactNode };

/**
 * The signed-in layout as the shell's server writes it into #root before any JavaScript has run: the
 * sidebar with the role's navigation as plain links (the page's own marked current), the header's bar
 * with the page's title, and whatever the page can show without data. Drawn by the components the
 * signed-in layout itself uses, so nothing moves when React replaces it. Tools that need JavaScript
 * (search, bell, user menu) and the page's data come with the page.
 */
function FirstPaintFrame({ userRole, page, children }: TFrameProps) {
  return (
    <LayoutFrame
      sidebar={
        <SidebarFrame>
          <div className="flex h-full flex-col">
            <SidebarBrand />
            <SidebarNav
              role={userRole}
              pathname={page.path}
              renderLink={(item, props) => <a href={item.to} {...props} />}
            />
          </div>
        </SidebarFrame>
      }
      header={
        <HeaderBar menu={<MenuButton aria-haspopup="dialog" aria-expanded={false} />} title={page.title} />
      }
    >
      {children}
    </LayoutFrame>
  );
}

/** Any signed-in page but the dashboard: the layout and title; the page itself is its remote's. */
export function PageFirstPaint({ userRole, page }: { userRole: TUserRole; page: TSignedInPage }) {
  return <FirstPaintFrame userRole={userRole} page={page} />;
}

type TDashboardFirstPaintProps = { userRole: TUserRole; page: TSignedInPage; firstName: string };

/**
 * The dashboard also gets its greeting and the metric cards' skeleton: the greeting is the page's
 * largest text, so it paints with the HTML and its CSS instead of after the start-up JavaScript
 * (docs/performance.md, "Where the dashboard's LCP goes").
 */
export function DashboardFirstPaint({ userRole, page, firstName }: TDashboardFirstPaintProps) {
  return (
    <FirstPaintFrame userRole={userRole} page={page}>
      <DashboardColumn>
        <DashboardIntro firstName={firstName} isRequester={userRole === 'end_user'} />
        <MetricCardsSkeleton />
      </DashboardColumn>
    </FirstPaintFrame>
  );
}
