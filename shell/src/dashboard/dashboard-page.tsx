import { lazy, type ReactNode, Suspense } from 'react';
import { useSignedInUser } from '../session/signed-in-user.tsx';
import { useDashboardT } from './messages.ts';
import { MetricCards } from './metric-cards.tsx';
import { RecentTicketsCard } from './recent-tickets-card.tsx';
import { SlaStatusCard } from './sla-status-card.tsx';
import { TeamActivityCard } from './team-activity-card.tsx';

// Admins only, and only until the desk is set up: nobody else downloads it.
const OnboardingChecklist = lazy(() =>
  import('./onboarding/onboarding-checklist.tsx').then((module) => ({ default: module.OnboardingChecklist })),
);

/** The dashboard's column: centred, its sections spaced evenly. */
export function DashboardColumn({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-7xl space-y-6">{children}</div>;
}

type TDashboardIntroProps = { firstName: string; isRequester: boolean };

/** The greeting over the dashboard; the server's first paint draws it too (first-paint/). */
export function DashboardIntro({ firstName, isRequester }: TDashboardIntroProps) {
  const t = useDashboardT();
  return (
    <div>
      {/* One text node, as the server's HTML has it: two would be shaped apart, a pixel wider, and the
          browser would count React's heading as a new, larger paint (a later LCP). */}
      <h2 className="font-semibold text-2xl tracking-tight">{t('dashboard.welcome', { firstName })}</h2>
      <p className="mt-1 text-muted-foreground text-sm">
        {isRequester ? t('dashboard.requesterIntro') : t('dashboard.staffIntro')}
      </p>
    </div>
  );
}

/**
 * / and /dashboard: metric cards, recent tickets, team activity and SLA status. Every role gets
 * the same layout; the API scopes an end user's figures to their own tickets. An admin of a desk
 * still being set up also gets the first-day checklist under the greeting.
 */
export function DashboardPage() {
  const user = useSignedInUser();
  const isRequester = user.role === 'end_user';
  return (
    <DashboardColumn>
      <DashboardIntro firstName={user.firstName} isRequester={isRequester} />
      {user.role === 'admin' ? (
        <Suspense fallback={null}>
          <OnboardingChecklist />
        </Suspense>
      ) : null}
      <MetricCards />
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 gap-6 xl:col-span-2">
          <RecentTicketsCard isRequester={isRequester} />
          <SlaStatusCard />
        </div>
        <TeamActivityCard isRequester={isRequester} />
      </div>
    </DashboardColumn>
  );
}
