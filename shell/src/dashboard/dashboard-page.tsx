import { useSignedInUser } from '../session/signed-in-user.tsx';
import { MetricCards } from './metric-cards.tsx';
import { RecentTicketsCard } from './recent-tickets-card.tsx';
import { SlaStatusCard } from './sla-status-card.tsx';
import { TeamActivityCard } from './team-activity-card.tsx';

/**
 * / and /dashboard: metric cards, recent tickets, team activity and SLA status. Every role gets
 * the same layout; the API scopes an end user's figures to their own tickets.
 */
export function DashboardPage() {
  const user = useSignedInUser();
  const isRequester = user.role === 'end_user';
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div>
        <h2 className="font-semibold text-2xl tracking-tight">Welcome back, {user.firstName}</h2>
        <p className="mt-1 text-muted-foreground text-sm">
          {isRequester ? 'Your support requests at a glance.' : 'How the help desk is doing right now.'}
        </p>
      </div>
      <MetricCards />
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 gap-6 xl:col-span-2">
          <RecentTicketsCard isRequester={isRequester} />
          <SlaStatusCard />
        </div>
        <TeamActivityCard isRequester={isRequester} />
      </div>
    </div>
  );
}
