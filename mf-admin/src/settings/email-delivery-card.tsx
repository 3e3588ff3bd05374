import {
  ADMIN_API_PATHS,
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
import { useFeedbackT } from '../feedback/messages.ts';
import { failureToast } from '../feedback/mutation-failure.ts';
import {
  attemptsText,
  emailKindLabel,
  retriedToast,
  smtpStatusText,
  testQueuedToast,
} from './email-delivery.ts';
import { useSettingsT } from './messages.ts';

const OUTBOX_QUERY_KEY = [ADMIN_API_PATHS.adminEmailOutbox] as const;

/** The retry and test buttons: both are audited, so the audit tab refreshes with the outbox. */
function useOutboxAction<T>(path: string, onDone: (result: T) => void, failureTitle: string) {
  const queryClient = useQueryClient();
  const feedbackT = useFeedbackT();
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
      if (!handleSessionEnded(error))
        toast(failureToast(failureTitle, error, feedbackT('feedback.tryAgain')));
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
  const t = useSettingsT();
  const localize = useLocalizeText();
  if (status.undelivered.length === 0) {
    return (
      <p className="rounded-md border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
        {t('emailDelivery.allDelivered')}
      </p>
    );
  }
  return (
    <div className="rounded-md border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="pl-4">{t('emailDelivery.columnRecipient')}</TableHead>
            <TableHead>{t('emailDelivery.columnSubject')}</TableHead>
            <TableHead>{t('emailDelivery.columnState')}</TableHead>
            <TableHead className="pr-4">{t('emailDelivery.columnQueued')}</TableHead>
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
                <div className="text-muted-foreground text-xs">{emailKindLabel(message.kind, t)}</div>
              </TableCell>
              <TableCell className="max-w-64">
                <div className="flex items-center gap-2">
                  <Badge variant={message.status === 'failed' ? 'destructive' : 'secondary'}>
                    {message.status === 'failed' ? t('emailDelivery.failed') : t('emailDelivery.waiting')}
                  </Badge>
                  <span className="text-muted-foreground text-xs">{attemptsText(message.attempts, t)}</span>
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
  const t = useSettingsT();
  const retry = useOutboxAction<TEmailRetryResponse>(
    ADMIN_API_PATHS.adminEmailOutboxRetry,
    (result) => toast(retriedToast(result, t)),
    t('emailDelivery.retryError'),
  );
  const sendTest = useOutboxAction<TEmailTestResponse>(
    ADMIN_API_PATHS.adminEmailOutboxTest,
    (result) => toast(testQueuedToast(result, isConfigured, t)),
    t('emailDelivery.testError'),
  );
  const failedCount = outbox.data?.counts.failed ?? 0;

  return (
    <Card data-testid="email-delivery">
      <CardHeader>
        <CardTitle>{t('emailDelivery.title')}</CardTitle>
        <CardDescription>{t('emailDelivery.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {outbox.isPending ? (
          <div className="flex flex-col gap-3" role="status" aria-label={t('emailDelivery.loading')}>
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
            title={t('emailDelivery.loadTitle')}
            message={t('emailDelivery.loadError')}
            query={outbox}
          />
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2" data-testid="smtp-status">
              <Badge variant={isConfigured ? 'success' : 'warning'}>
                {smtpStatusText(outbox.data.smtp, t).label}
              </Badge>
              <span className="text-muted-foreground text-sm">
                {smtpStatusText(outbox.data.smtp, t).detail}
              </span>
            </div>
            <div className="grid gap-3 sm:grid-cols-3">
              <Count label={t('emailDelivery.countPending')} value={outbox.data.counts.pending} />
              <Count label={t('emailDelivery.countFailed')} value={outbox.data.counts.failed} isAlarm />
              <Count label={t('emailDelivery.countSent')} value={outbox.data.counts.sentLast24Hours} />
            </div>
            <div className="flex flex-col gap-2">
              <h3 className="font-medium text-sm">{t('emailDelivery.undelivered')}</h3>
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
            {retry.isPending && <Spinner aria-label={t('emailDelivery.retryingLabel')} />}
            {retry.isPending
              ? t('emailDelivery.retrying')
              : failedCount > 0
                ? t('emailDelivery.retryFailedCount', { count: failedCount })
                : t('emailDelivery.retryFailed')}
          </Button>
          <Button type="button" disabled={sendTest.isPending} onClick={() => sendTest.mutate()}>
            {sendTest.isPending && <Spinner aria-label={t('emailDelivery.sendingLabel')} />}
            {sendTest.isPending ? t('emailDelivery.sending') : t('emailDelivery.sendTest')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
