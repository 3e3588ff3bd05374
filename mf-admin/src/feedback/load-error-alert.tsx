import { Alert, AlertDescription, AlertTitle, Button } from '@helpdesk/shared-ui';
import { useFeedbackT } from './messages.ts';

/** The part of the screen whose data failed to load: what failed, the message, and a Retry that refetches. */
export function LoadErrorAlert({
  title,
  message,
  query,
}: {
  title: string;
  message: string;
  query: { isFetching: boolean; refetch: () => unknown };
}) {
  const t = useFeedbackT();
  return (
    <Alert variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{message}</p>
        <Button
          variant="outline"
          size="sm"
          className="mt-2"
          disabled={query.isFetching}
          onClick={() => query.refetch()}
        >
          {query.isFetching ? t('feedback.retrying') : t('feedback.retry')}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
