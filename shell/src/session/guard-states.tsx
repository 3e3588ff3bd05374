import { Card, CardContent, CardHeader, Skeleton } from '@helpdesk/shared-ui';
import { useSessionT } from './messages.ts';

/** The skeleton card a guarded page shows while the current user loads. */
export function GuardSkeleton() {
  const t = useSessionT();
  return (
    <div className="flex min-h-screen items-center justify-center bg-muted/40 p-6">
      <Card className="w-full max-w-md" role="status" aria-busy="true" aria-label={t('session.loading')}>
        <CardHeader className="space-y-3">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-4 w-3/4" />
        </CardHeader>
        <CardContent className="space-y-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-2/3" />
        </CardContent>
      </Card>
    </div>
  );
}
