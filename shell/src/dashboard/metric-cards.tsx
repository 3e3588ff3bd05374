import { Card, cn, Skeleton } from '@helpdesk/shared-ui';
import { useLocale } from '@helpdesk/shared-ui/i18n';
import { CheckCircle2, Clock, type LucideIcon, ShieldAlert, Ticket } from 'lucide-react';
import { CardError } from './card-error.tsx';
import { useDashboardMetrics } from './dashboard-queries.ts';
import { useDashboardT } from './messages.ts';
import { metricCards, type TMetricKey } from './metric-format.ts';

const ICONS: Record<TMetricKey, { icon: LucideIcon; className: string }> = {
  openTickets: { icon: Ticket, className: 'bg-blue-100 text-blue-700' },
  resolvedToday: { icon: CheckCircle2, className: 'bg-emerald-100 text-emerald-700' },
  avgResolutionHours: { icon: Clock, className: 'bg-violet-100 text-violet-700' },
  slaBreaches: { icon: ShieldAlert, className: 'bg-slate-100 text-slate-600' },
};

const ALERT_ICON_CLASS = 'bg-red-100 text-red-700';
const GRID = 'grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4';

/** Sized like the cards it stands for; the server's first paint draws it too (first-paint/). */
export function MetricCardsSkeleton() {
  const t = useDashboardT();
  return (
    <div className={GRID} role="status" aria-busy="true" aria-label={t('metrics.loading')}>
      {[0, 1, 2, 3].map((n) => (
        <Card key={n} className="gap-3 p-4 sm:p-5" data-testid="metric-card-skeleton">
          <div className="flex items-center justify-between">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="size-9 rounded-lg" />
          </div>
          <Skeleton className="h-8 w-16" />
          <Skeleton className="h-3 w-28" />
        </Card>
      ))}
    </div>
  );
}

/** The four metric cards; the numbers cover whatever the API lets this user see. */
export function MetricCards() {
  const t = useDashboardT();
  const locale = useLocale();
  const query = useDashboardMetrics();
  if (query.isPending) return <MetricCardsSkeleton />;
  if (query.isError) {
    return (
      <Card className="py-0">
        <CardError
          message={t('metrics.loadFailed')}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      </Card>
    );
  }
  return (
    <ul className={GRID} aria-label={t('metrics.label')}>
      {metricCards(query.data, t, locale).map((card) => {
        const { icon: Icon, className } = ICONS[card.key];
        return (
          <li key={card.key}>
            <Card className="h-full gap-2 p-4 sm:p-5" data-testid={`metric-${card.key}`}>
              <div className="flex items-center justify-between gap-3">
                <p className="font-medium text-muted-foreground text-sm">{card.label}</p>
                <span
                  className={cn(
                    'flex size-9 shrink-0 items-center justify-center rounded-lg',
                    card.isAlert ? ALERT_ICON_CLASS : className,
                  )}
                >
                  <Icon className="size-5" aria-hidden />
                </span>
              </div>
              <p
                className={cn(
                  'font-semibold text-3xl tabular-nums tracking-tight',
                  card.isAlert && 'text-red-600',
                )}
                data-testid="metric-value"
              >
                {card.value}
              </p>
              <p className="text-muted-foreground text-xs">{card.hint}</p>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
