import type { TTeamActivityItem } from '@helpdesk/contracts';
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
import { Users } from 'lucide-react';
import { CardError } from './card-error.tsx';
import { useTeamActivity } from './dashboard-queries.ts';
import { toneClasses } from './dashboard-tones.ts';
import { useDashboardT } from './messages.ts';

function TeamActivitySkeleton() {
  const t = useDashboardT();
  return (
    <ul className="space-y-4" role="status" aria-busy="true" aria-label={t('teamActivity.loading')}>
      {[0, 1, 2].map((n) => (
        <li key={n} className="flex items-center gap-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-3/4" />
          </div>
        </li>
      ))}
    </ul>
  );
}

function ActivityRow({ item }: { item: TTeamActivityItem }) {
  const localize = useLocalizeText();
  return (
    <li className="flex items-start gap-3" data-testid="team-activity-item">
      <span className="relative shrink-0">
        <span
          className={cn(
            'flex size-9 items-center justify-center rounded-full font-semibold text-xs',
            toneClasses(item.avatarBg).soft,
            toneClasses(item.avatarText).text,
          )}
          aria-hidden
        >
          {item.initials}
        </span>
        <span
          className={cn(
            'absolute -right-0.5 -bottom-0.5 size-3 rounded-full ring-2 ring-card',
            toneClasses(item.statusColor).solid,
          )}
          aria-hidden
        />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-sm">{item.name}</p>
        <p className="text-muted-foreground text-xs leading-relaxed">{localize(item.activity)}</p>
      </div>
    </li>
  );
}

/** Recent real activity per agent, each with an initials avatar in the palette the server chose. */
export function TeamActivityCard({ isRequester }: { isRequester: boolean }) {
  const t = useDashboardT();
  const query = useTeamActivity();
  return (
    <Card className="gap-4" data-testid="team-activity">
      <CardHeader>
        <CardTitle>{t('teamActivity.title')}</CardTitle>
        <CardDescription>
          {isRequester ? t('teamActivity.requesterDescription') : t('teamActivity.staffDescription')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <TeamActivitySkeleton />
        ) : query.isError ? (
          <CardError
            message={t('teamActivity.loadFailed')}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : query.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center">
            <Users className="size-7 text-muted-foreground/60" aria-hidden />
            <p className="text-muted-foreground text-sm">{t('teamActivity.empty')}</p>
          </div>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-1">
            {query.data.map((item) => (
              <ActivityRow key={item.id} item={item} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
