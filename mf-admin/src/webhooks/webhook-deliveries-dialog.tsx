import type { TWebhook, TWebhookDelivery } from '@helpdesk/contracts';
import {
  Badge,
  Button,
  formatListDate,
  handleSessionEnded,
  serverMessage,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
} from '@helpdesk/shared-ui';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@helpdesk/shared-ui/dialog';
import { useQuery } from '@tanstack/react-query';
import { ListState } from './list-state.tsx';
import { useWebhooksT } from './messages.ts';
import { deliveriesKey, useRedeliver } from './use-webhook-mutations.ts';
import { DELIVERY_STATUS_LABELS, WEBHOOK_EVENT_LABELS } from './webhook-labels.ts';

const STATUS_VARIANTS = { pending: 'secondary', succeeded: 'success', failed: 'destructive' } as const;

function DeliveryRow({ webhookId, delivery }: { webhookId: string; delivery: TWebhookDelivery }) {
  const t = useWebhooksT();
  const redeliver = useRedeliver(webhookId);
  const time = formatListDate(delivery.createdAt);
  function resend() {
    redeliver.mutate(delivery.id, {
      onSuccess: () => toast({ title: t('webhookDeliveries.redelivered') }),
      onError: (error) => {
        if (handleSessionEnded(error)) return;
        toast({
          title: t('webhooks.actionFailed'),
          description: serverMessage(error) ?? t('webhooks.tryAgain'),
          variant: 'destructive',
        });
      },
    });
  }
  return (
    <TableRow data-testid="webhook-delivery-row" data-status={delivery.status}>
      <TableCell className="pl-4 align-top">
        <div className="font-medium">{t(WEBHOOK_EVENT_LABELS[delivery.event])}</div>
        <code className="text-muted-foreground text-xs">{delivery.event}</code>
        <details className="mt-2 text-xs">
          <summary className="cursor-pointer">{t('webhookDeliveries.details')}</summary>
          <div className="mt-2 flex flex-col gap-2">
            <div>
              <div className="font-medium">{t('webhookDeliveries.body')}</div>
              <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-2">
                {delivery.body}
              </pre>
            </div>
            {delivery.responseBody !== null && (
              <div>
                <div className="font-medium">{t('webhookDeliveries.response')}</div>
                <pre className="max-h-32 overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-2">
                  {delivery.responseBody}
                </pre>
              </div>
            )}
            {delivery.error !== null && (
              <div>
                <div className="font-medium">{t('webhookDeliveries.error')}</div>
                <p className="break-words">{delivery.error}</p>
              </div>
            )}
          </div>
        </details>
      </TableCell>
      {/* Redeliver under the status, so a phone shows it without scrolling sideways. */}
      <TableCell className="align-top">
        <div className="flex flex-col items-start gap-2">
          <Badge variant={STATUS_VARIANTS[delivery.status]}>
            {t(DELIVERY_STATUS_LABELS[delivery.status])}
          </Badge>
          <Button
            size="sm"
            variant="outline"
            onClick={resend}
            disabled={redeliver.isPending}
            aria-label={t('webhookDeliveries.redeliverNamed', { event: delivery.event, time })}
          >
            {t('webhookDeliveries.redeliver')}
          </Button>
        </div>
      </TableCell>
      <TableCell className="hidden align-top sm:table-cell">
        {delivery.responseStatus ?? t('webhookDeliveries.noAnswer')}
      </TableCell>
      <TableCell className="hidden align-top md:table-cell">{time}</TableCell>
      <TableCell className="hidden pr-4 align-top md:table-cell">{delivery.attempts}</TableCell>
    </TableRow>
  );
}

/** A webhook's latest deliveries with their bodies and answers, and Redeliver. */
export function WebhookDeliveriesDialog({ webhook, onClose }: { webhook: TWebhook; onClose: () => void }) {
  const t = useWebhooksT();
  const query = useQuery<{ deliveries: TWebhookDelivery[] }>({ queryKey: deliveriesKey(webhook.id) });
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent
        className="max-h-[90vh] overflow-y-auto sm:max-w-4xl"
        data-testid="webhook-deliveries-dialog"
      >
        <DialogHeader>
          <DialogTitle>{t('webhookDeliveries.title', { name: webhook.name })}</DialogTitle>
          <DialogDescription>{t('webhookDeliveries.description')}</DialogDescription>
        </DialogHeader>
        <ListState
          query={query}
          count={(data) => data.deliveries.length}
          loadingLabel={t('webhookDeliveries.loading')}
          emptyText={t('webhookDeliveries.empty')}
        >
          {(data) => (
            <div className="overflow-x-auto rounded-md border">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead className="pl-4">{t('webhookDeliveries.columnEvent')}</TableHead>
                    <TableHead>{t('webhookDeliveries.columnStatus')}</TableHead>
                    <TableHead className="hidden sm:table-cell">
                      {t('webhookDeliveries.columnAnswer')}
                    </TableHead>
                    <TableHead className="hidden md:table-cell">
                      {t('webhookDeliveries.columnTime')}
                    </TableHead>
                    <TableHead className="hidden pr-4 md:table-cell">
                      {t('webhookDeliveries.columnAttempts')}
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.deliveries.map((delivery) => (
                    <DeliveryRow key={delivery.id} webhookId={webhook.id} delivery={delivery} />
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </ListState>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => void query.refetch()}>
            {t('webhookDeliveries.refresh')}
          </Button>
          <Button type="button" onClick={onClose}>
            {t('webhookDeliveries.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
