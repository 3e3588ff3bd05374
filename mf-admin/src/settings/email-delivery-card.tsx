import {
  ADMIN_API_PATHS,
  EMAIL_MESSAGES,
  type TEmailOutboxStatus,
  type TEmailRetryResponse,
  type TEmailTestResponse,
} from '@helpdesk/contracts';
import {
  apiRequest,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  cn,
  formatListDate,
  handleSessionEnded,
  Skeleton,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
  useLocalizeText,
} from '@helpdesk/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadErrorAlert } from '../feedback/load-error-alert.tsx';
import { failureToast } from '../feedback/mutation-failure.ts';
import {
  attemptsText,
  emailKindLabel,
  retriedToast,
  smtpStatusText,
  testQueuedToast,
} from './email-delivery.ts';

const OUTBOX_QUERY_KEY = [ADMIN_API_PATHS.adminEmailOutbox] as const;

/** The retry and test buttons: both are audited, so the audit tab refreshes with the outbox. */
function useOutboxAction<T>(path: string, onDone: (result: T) => void, failureTitle: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<T>('POST', path, {}),
    onSuccess: (result) => {
      onDone(result);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: OUTBOX_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: [ADMIN_API_PATHS.adminAuditLogs] }),
      ]);
    },
    onError: (error) => {
      if (!handleSessionEnded(error)) toast(failureToast(failureTitle, error));
    },
  });
}

function Count({ label, value, isAlarm = false }: { label: string; value: number; isAlarm?: boolean }) {
  return (
    <div className="rounded-md border px-4 py-3">
      <div className={cn('font-semibold text-2xl tabular-nums', isAlarm && value > 0 && 'text-destructive')}>
        {value}
      </div>
      <div className="text-muted-foreground text-sm">{label}</div>
    </div>
  );
}

function OutboxList({ status }: { status: TEmailOutboxStatus }) {
  const localize = useLocalizeText();
  if (status.undelivered.length === 0) {
    return (
      <p className="rounded-md border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
        Every email has been delivered. Nothing is waiting.
      </p>
    );
  }
  return (
    <div className="rounded-md border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="pl-4">Recipient</TableHead>
            <TableHead>Subject</TableHead>
            <TableHead>State</TableHead>
            <TableHead className="pr-4">Queued</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {status.undelivered.map((message) => (
            <TableRow key={message.id} data-testid="undelivered-email">
              <TableCell className="max-w-48 truncate pl-4" title={message.recipient}>
                {message.recipient}
              </TableCell>
              <TableCell className="max-w-72">
                <div className="truncate" title={message.subject}>
                  {message.subject}
                </div>
                <div className="text-muted-foreground text-xs">{emailKindLabel(message.kind)}</div>
              </TableCell>
              <TableCell className="max-w-64">
                <div className="flex items-center gap-2">
                  <Badge variant={message.status === 'failed' ? 'destructive' : 'secondary'}>
                    {message.status === 'failed' ? 'Failed' : 'Waiting'}
                  </Badge>
                  <span className="text-muted-foreground text-xs">{attemptsText(message.attempts)}</span>
                </div>
                {message.lastError ? (
                  <div className="mt-1 truncate text-muted-foreground text-xs" title={message.lastError}>
                    {localize(message.lastError)}
                  </div>
                ) : null}
              </TableCell>
              <TableCell className="whitespace-nowrap pr-4 text-muted-foreground text-sm">
                {formatListDate(message.createdAt)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/**
 * Settings' "Email delivery" card: whether an SMTP server is configured, how many emails wait, failed
 * or went out in the last day, the newest undelivered ones, and Retry / Send test email.
 */
export function EmailDeliveryCard() {
  const outbox = useQuery<TEmailOutboxStatus>({
    queryKey: OUTBOX_QUERY_KEY,
    // While something waits, watch it leave.
    refetchInterval: (query) => ((query.state.data?.counts.pending ?? 0) > 0 ? 5000 : false),
  });
  const isConfigured = outbox.data?.smtp.isConfigured ?? false;
  const retry = useOutboxAction<TEmailRetryResponse>(
    ADMIN_API_PATHS.adminEmailOutboxRetry,
    (result) => toast(retriedToast(result)),
    EMAIL_MESSAGES.retryError,
  );
  const sendTest = useOutboxAction<TEmailTestResponse>(
    ADMIN_API_PATHS.adminEmailOutboxTest,
    (result) => toast(testQueuedToast(result, isConfigured)),
    EMAIL_MESSAGES.testError,
  );

  return (
    <Card data-testid="email-delivery">
      <CardHeader>
        <CardTitle>Email delivery</CardTitle>
        <CardDescription>
          Emails are queued with the change that causes them and sent in the background; failed ones can be
          retried.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {outbox.isPending ? (
          <div className="flex flex-col gap-3" role="status" aria-label="Loading email delivery">
            <Skeleton className="h-5 w-72" />
            <div className="grid gap-3 sm:grid-cols-3">
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-16 w-full" />
            </div>
            <Skeleton className="h-24 w-full" />
          </div>
        ) : outbox.isError ? (
          <LoadErrorAlert
            title="Failed to fetch email delivery"
            message={EMAIL_MESSAGES.loadError}
            query={outbox}
          />
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2" data-testid="smtp-status">
              <Badge variant={isConfigured ? 'success' : 'warning'}>
                {smtpStatusText(outbox.data.smtp).label}
              </Badge>
              <span className="text-muted-foreground text-sm">{smtpStatusText(outbox.data.smtp).detail}</span>
            </div>
            <div className="grid gap-3 sm:grid-cols-3">
              <Count label="Waiting to be sent" value={outbox.data.counts.pending} />
              <Count label="Failed" value={outbox.data.counts.failed} isAlarm />
              <Count label="Sent in the last 24 hours" value={outbox.data.counts.sentLast24Hours} />
            </div>
            <div className="flex flex-col gap-2">
              <h3 className="font-medium text-sm">Undelivered emails</h3>
              <OutboxList status={outbox.data} />
            </div>
          </>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Button
            type="button"
            variant="outline"
            disabled={retry.isPending || !outbox.data || outbox.data.counts.failed === 0}
            onClick={() => retry.mutate()}
          >
            {retry.isPending && <Spinner aria-label="Retrying failed emails" />}
            {retry.isPending
              ? 'Retrying...'
              : `Retry failed${outbox.data && outbox.data.counts.failed > 0 ? ` (${outbox.data.counts.failed})` : ''}`}
          </Button>
          <Button type="button" disabled={sendTest.isPending} onClick={() => sendTest.mutate()}>
            {sendTest.isPending && <Spinner aria-label="Queueing a test email" />}
            {sendTest.isPending ? 'Sending...' : 'Send test email'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
