import type {
  TArticlePageProps,
  TRemoteModuleId,
  TRemotePageProps,
  TTicketDetailPageProps,
} from '@helpdesk/contracts';
import { REMOTE_MODULES } from '@helpdesk/contracts/constants';
import { Card, CardContent, CardHeader, Skeleton } from '@helpdesk/shared-ui';
import { lazy, Suspense, useMemo, useState } from 'react';
import { loadedRemoteComponent, loadRemoteComponent } from './load-remote-component.ts';
import { useRemoteT } from './messages.ts';
import { RemoteErrorBoundary } from './remote-error-boundary.tsx';

/** Exposed modules that are whole pages (the create-ticket dialog is opened by the header, the views sit in the sidebar). */
type TRemotePageModuleId = Exclude<
  TRemoteModuleId,
  typeof REMOTE_MODULES.createTicketDialog | typeof REMOTE_MODULES.sidebarViews
>;

/** The props each exposed page takes, so a route cannot forget a route parameter. */
type TPropsByModule = Record<TRemotePageModuleId, TRemotePageProps> & {
  [REMOTE_MODULES.ticketDetailPage]: TTicketDetailPageProps;
  [REMOTE_MODULES.articlePage]: TArticlePageProps;
};

/** Skeleton shown while a remote page's code downloads. */
export function RemotePageSkeleton() {
  const t = useRemoteT();
  return (
    <div className="space-y-4" role="status" aria-busy="true" aria-label={t('remote.loading')}>
      <Skeleton className="h-8 w-56" />
      <Card>
        <CardHeader>
          <Skeleton className="h-5 w-40" />
        </CardHeader>
        <CardContent className="space-y-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * Loads one exposed module on demand (never at boot) and renders it with the given props. A
 * React.lazy that rejected once stays rejected, so Retry builds a fresh one.
 */
export function RemotePage<Id extends TRemotePageModuleId>({
  moduleId,
  props,
}: {
  moduleId: Id;
  props: TPropsByModule[Id];
}) {
  const [attempt, setAttempt] = useState(0);
  const RemoteComponent = useMemo(() => {
    // Preloaded on intent (or opened before): render at once instead of suspending.
    const loaded = attempt === 0 ? loadedRemoteComponent<TPropsByModule[Id]>(moduleId) : null;
    return loaded ? loaded.default : lazy(() => loadRemoteComponent<TPropsByModule[Id]>(moduleId, attempt));
  }, [moduleId, attempt]);
  return (
    <RemoteErrorBoundary
      key={`${moduleId}#${attempt}`}
      moduleId={moduleId}
      onRetry={() => setAttempt((n) => n + 1)}
    >
      <Suspense fallback={<RemotePageSkeleton />}>
        {/* A hook for the remote's stylesheet to scope its utilities to its own content. */}
        <div data-remote-root={moduleId.slice(0, moduleId.indexOf('/'))} data-remote-module={moduleId}>
          <RemoteComponent {...props} />
        </div>
      </Suspense>
    </RemoteErrorBoundary>
  );
}
