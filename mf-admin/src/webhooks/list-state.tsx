import { Skeleton } from '@helpdesk/shared-ui';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '../feedback/load-error-alert.tsx';
import { useWebhooksT } from './messages.ts';

/** A webhooks list's loading, failure and empty states; `children` draws the list once it has items. */
export function ListState<T>({
  query,
  count,
  loadingLabel,
  emptyText,
  children,
}: {
  query: UseQueryResult<T>;
  count: (data: T) => number;
  loadingLabel: string;
  emptyText: string;
  children: (data: T) => ReactNode;
}) {
  const t = useWebhooksT();
  if (query.isPending) {
    return (
      <div role="status" aria-label={loadingLabel}>
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return <LoadErrorAlert title={t('webhooks.loadTitle')} message={t('webhooks.loadText')} query={query} />;
  }
  if (count(query.data) === 0) {
    return (
      <p className="rounded-md border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
        {emptyText}
      </p>
    );
  }
  return children(query.data);
}
