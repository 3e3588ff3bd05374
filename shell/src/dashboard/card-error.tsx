import { Button } from '@helpdesk/shared-ui';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useDashboardT } from './messages.ts';

type TCardErrorProps = { message: string; onRetry: () => void; isRetrying: boolean };

/** A card's own load failure: the rest of the dashboard stays usable, and Retry asks again. */
export function CardError({ message, onRetry, isRetrying }: TCardErrorProps) {
  const t = useDashboardT();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-6 py-8 text-center">
      <div className="flex items-center gap-2 text-destructive text-sm">
        <TriangleAlert className="size-4 shrink-0" aria-hidden />
        <p>{message}</p>
      </div>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={isRetrying}>
        <RefreshCw className={isRetrying ? 'size-4 animate-spin' : 'size-4'} aria-hidden />
        {t('dashboard.retry')}
      </Button>
    </div>
  );
}
