import { Alert, AlertDescription, AlertTitle, Button } from '@helpdesk/shared-ui';
import type { TBulkOutcome } from './bulk-outcome.ts';
import { useBulkT } from './messages.ts';

/** What the last bulk change did, until dismissed or the next one; read out when it appears. */
export function BulkOutcomeAlert({
  outcome,
  onDismiss,
}: {
  outcome: TBulkOutcome | null;
  onDismiss: () => void;
}) {
  const t = useBulkT();
  return (
    <div role="status" aria-live="polite">
      {outcome && (
        <Alert
          variant={outcome.isError || outcome.refused.length > 0 ? 'destructive' : 'default'}
          data-testid="bulk-outcome"
        >
          <AlertTitle>{outcome.summary}</AlertTitle>
          <AlertDescription>
            {outcome.refused.length > 0 && (
              <ul>
                {outcome.refused.map((item) => (
                  <li key={item.ticketNumber}>
                    {t('bulk.refusedItem', { number: item.ticketNumber, reason: item.reason })}
                  </li>
                ))}
              </ul>
            )}
            <Button variant="outline" size="sm" className="mt-2 text-foreground" onClick={onDismiss}>
              {t('bulk.dismiss')}
            </Button>
          </AlertDescription>
        </Alert>
      )}
    </div>
  );
}
