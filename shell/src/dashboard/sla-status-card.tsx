import type { TSlaMetricItem } from '@helpdesk/contracts';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  cn,
  Skeleton,
  useLocalizeText,
} from '@helpdesk/shared-ui';
import { formatNumber, SOURCE_LOCALE, useLocale } from '@helpdesk/shared-ui/i18n';
import { Gauge } from 'lucide-react';
import { CardError } from './card-error.tsx';
import { useSlaMetrics } from './dashboard-queries.ts';
import { toneClasses } from './dashboard-tones.ts';
import { useDashboardT } from './messages.ts';
import { clampPercent } from './metric-format.ts';

const LIST = 'grid gap-x-8 gap-y-5 sm:grid-cols-2';

function SlaStatusSkeleton() {
  const t = useDashboardT();
  return (
    <ul className={LIST} role="status" aria-busy="true" aria-label={t('slaStatus.loading')}>
      {[0, 1].map((n) => (
        <li key={n} className="space-y-2">
          <div className="flex justify-between">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-12" />
          </div>
          <Skeleton className="h-2 w-full" />
        </li>
      ))}
    </ul>
  );
}

function SlaRow({ item }: { item: TSlaMetricItem }) {
  const t = useDashboardT();
  const localize = useLocalizeText();
  const locale = useLocale();
  const name = localize(item.name);
  // The server writes the figure in English ("81.4%"); another language writes its own ("81,4 %").
  const value =
    locale === SOURCE_LOCALE
      ? item.displayValue
      : formatNumber(item.compliance / 100, locale, { style: 'percent', minimumFractionDigits: 1 });
  const tone = toneClasses(item.textColor);
  const compliance = clampPercent(item.compliance);
  const target = clampPercent(item.target);
  return (
    <li className="space-y-2" data-testid="sla-metric">
      <div className="flex items-baseline justify-between gap-3">
        <p className="font-medium text-sm">{name}</p>
        <p className={cn('font-semibold text-sm tabular-nums', tone.text)}>{value}</p>
      </div>
      <div
        className="relative h-2 rounded-full bg-muted"
        role="progressbar"
        aria-label={t('slaStatus.compliance', { name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(compliance)}
        aria-valuetext={value}
      >
        <div className={cn('h-full rounded-full', tone.solid)} style={{ width: `${compliance}%` }} />
        {/* The target as a tick on the track, so "how far from the goal" needs no arithmetic. */}
        <div
          className="absolute -top-1 h-4 w-0.5 rounded-full bg-foreground/60"
          style={{ left: `calc(${target}% - 1px)` }}
          aria-hidden
        />
      </div>
      <p className="text-muted-foreground text-xs">{t('slaStatus.target', { target: item.target })}</p>
    </li>
  );
}

/** Response and resolution compliance against their targets, coloured as the server rates them. */
export function SlaStatusCard() {
  const t = useDashboardT();
  const query = useSlaMetrics();
  return (
    <Card className="gap-4" data-testid="sla-status">
      <CardHeader>
        <CardTitle>{t('slaStatus.title')}</CardTitle>
        <CardDescription>{t('slaStatus.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <SlaStatusSkeleton />
        ) : query.isError ? (
          <CardError
            message={t('slaStatus.loadFailed')}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : query.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center">
            <Gauge className="size-7 text-muted-foreground/60" aria-hidden />
            <p className="text-muted-foreground text-sm">{t('slaStatus.empty')}</p>
          </div>
        ) : (
          <ul className={LIST}>
            {query.data.map((item) => (
              <SlaRow key={item.name} item={item} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
