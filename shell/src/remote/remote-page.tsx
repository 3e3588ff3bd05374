import {
  REMOTE_MODULES,
  type TArticlePageProps,
  type TRemoteModuleId,
  type TRemotePageProps,
  type TTicketDetailPageProps,
} from '@helpdesk/contracts';
import { Card, CardContent, CardHeader, Skeleton } from '@helpdesk/shared-ui';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { type ComponentType, lazy, Suspense, useMemo, useState } from 'react';
import { RemoteErrorBoundary } from './remote-error-boundary.tsx';

type TRemoteModule<P> = { default: ComponentType<P> };

/** The props each exposed page takes, so a route cannot forget a route parameter. */
type TPropsByModule = Record<TRemoteModuleId, TRemotePageProps> & {
  [REMOTE_MODULES.ticketDetailPage]: TTicketDetailPageProps;
  [REMOTE_MODULES.articlePage]: TArticlePageProps;
};

function isRemoteModule<P>(value: unknown): value is TRemoteModule<P> {
  if (typeof value !== 'object' || value === null || !('default' in value)) return false;
  const component = value.default;
  return typeof component === 'function' || (typeof component === 'object' && component !== null);
}

async function loadRemoteComponent<P>(moduleId: TRemoteModuleId, attempt: number): Promise<TRemoteModule<P>> {
  const loaded = await loadRemote<unknown>(moduleId);
  if (!isRemoteModule<P>(loaded)) {
    throw new Error(`${moduleId} did not export a default component (attempt ${attempt + 1})`);
  }
  return loaded;
}

/** Skeleton shown while a remote page's code downloads. */
export function RemotePageSkeleton() {
  return (
    <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading page">
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
export function RemotePage<Id extends TRemoteModuleId>({
  moduleId,
  props,
}: {
  moduleId: Id;
  props: TPropsByModule[Id];
}) {
  const [attempt, setAttempt] = useState(0);
  const RemoteComponent = useMemo(
    () => lazy(() => loadRemoteComponent<TPropsByModule[Id]>(moduleId, attempt)),
    [moduleId, attempt],
  );
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
