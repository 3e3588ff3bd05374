import type { TUserRole } from '@helpdesk/contracts';
import { DashboardColumn, DashboardIntro } from '../dashboard/dashboard-page.tsx';
import { MetricCardsSkeleton } from '../dashboard/metric-cards.tsx';
import { HeaderBar } from '../layout/app-header.tsx';
import { LayoutFrame } from '../layout/app-layout.tsx';
import { MenuButton } from '../layout/mobile-nav.tsx';
import { SidebarBrand, SidebarFrame, SidebarNav } from '../layout/sidebar.tsx';

type TDashboardFirstPaintProps = { role: TUserRole; firstName: string };

/**
 * What the shell's server writes into #root for / and /dashboard before any JavaScript has run: the
 * layout, the role's navigation as plain links, the greeting and the metric cards' skeleton, drawn by
 * the components the signed-in dashboard itself uses, so nothing moves when React replaces it. The
 * greeting is the page's largest text, so it is painted with the HTML and its CSS instead of after
 * the start-up JavaScript (docs/performance.md, "Where the dashboard's LCP goes"). Tools that need
 * JavaScript (search, bell, user menu, the cards' data) come with the page.
 */
export function DashboardFirstPaint({ role, firstName }: TDashboardFirstPaintProps) {
  return (
    <LayoutFrame
      sidebar={
        <SidebarFrame>
          <div className="flex h-full flex-col">
            <SidebarBrand />
            <SidebarNav
              role={role}
              pathname="/"
              renderLink={(item, props) => <a href={item.to} {...props} />}
            />
          </div>
        </SidebarFrame>
      }
      header={
        <HeaderBar menu={<MenuButton aria-haspopup="dialog" aria-expanded={false} />} title="Dashboard" />
      }
    >
      <DashboardColumn>
        <DashboardIntro firstName={firstName} isRequester={role === 'end_user'} />
        <MetricCardsSkeleton />
      </DashboardColumn>
    </LayoutFrame>
  );
}
