import type { TWebhook } from '@helpdesk/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
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
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../feedback/confirm-delete-dialog.tsx';
import { ListState } from './list-state.tsx';
import { type TWebhooksT, useWebhooksT } from './messages.ts';
import { useDeleteWebhook, useRotateSecret, useSendTest, WEBHOOKS_KEY } from './use-webhook-mutations.ts';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog.tsx';
import { WebhookFormDialog, WebhookSecretDialog } from './webhook-form-dialog.tsx';

function DeleteWebhookDialog({ webhook, onClose }: { webhook: TWebhook; onClose: () => void }) {
  const remove = useDeleteWebhook(webhook.id);
  const t = useWebhooksT();
  const texts = {
    title: t('webhooks.deleteTitle'),
    text: t('webhooks.deleteText', { name: webhook.name }),
    cancel: t('webhooks.cancel'),
    confirm: t('webhooks.deleteConfirm'),
    deleting: t('webhooks.deleting'),
    deletingLabel: t('webhooks.deletingLabel'),
  };
  return <ConfirmDeleteDialog remove={remove} texts={texts} onClose={onClose} />;
}

/** A failed action's toast, in the server's words when it gave some. */
function failed(t: TWebhooksT, error: unknown) {
  if (handleSessionEnded(error)) return;
  toast({
    title: t('webhooks.actionFailed'),
    description: serverMessage(error) ?? t('webhooks.tryAgain'),
    variant: 'destructive',
  });
}

type Open =
  | { kind: 'form'; webhook?: TWebhook }
  | { kind: 'deliveries'; webhook: TWebhook }
  | { kind: 'delete'; webhook: TWebhook }
  | { kind: 'secret'; secret: string }
  | null;

function WebhookRow({ webhook, onOpen }: { webhook: TWebhook; onOpen: (open: Open) => void }) {
  const t = useWebhooksT();
  const rotate = useRotateSecret();
  const sendTest = useSendTest();
  const name = webhook.name;
  return (
    <TableRow data-testid="webhook-row">
      {/* The actions sit under the name, so a phone shows them all without scrolling sideways. */}
      <TableCell className="whitespace-normal pl-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className="break-words font-medium">{name}</span>
          <Badge variant={webhook.enabled ? 'success' : 'secondary'}>
            {webhook.enabled ? t('webhooks.enabled') : t('webhooks.disabled')}
          </Badge>
          {webhook.allowPrivateNetwork && <Badge variant="warning">{t('webhooks.privateAllowed')}</Badge>}
        </div>
        <div className="break-all text-muted-foreground text-xs">{webhook.url}</div>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            onClick={() => onOpen({ kind: 'deliveries', webhook })}
            aria-label={t('webhooks.deliveriesNamed', { name })}
          >
            {t('webhooks.deliveries')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => onOpen({ kind: 'form', webhook })}
            aria-label={t('webhooks.editNamed', { name })}
          >
            {t('webhooks.edit')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={sendTest.isPending}
            onClick={() =>
              sendTest.mutate(webhook.id, {
                onSuccess: () => toast({ title: t('webhooks.testQueued') }),
                onError: (error) => failed(t, error),
              })
            }
            aria-label={t('webhooks.sendTestNamed', { name })}
          >
            {t('webhooks.sendTest')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={rotate.isPending}
            onClick={() =>
              rotate.mutate(webhook.id, {
                onSuccess: ({ secret }) => onOpen({ kind: 'secret', secret }),
                onError: (error) => failed(t, error),
              })
            }
            aria-label={t('webhooks.rotateNamed', { name })}
          >
            {t('webhooks.rotate')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onOpen({ kind: 'delete', webhook })}
            aria-label={t('webhooks.deleteNamed', { name })}
          >
            {t('webhooks.delete')}
          </Button>
        </div>
      </TableCell>
      <TableCell className="hidden pr-4 align-top text-sm md:table-cell">
        {t('webhooks.eventCount', { count: webhook.events.length })}
      </TableCell>
    </TableRow>
  );
}

/** Automation's Webhooks tab: the webhooks, Add / Edit / Delete, Send test, Rotate secret, and each one's deliveries. */
export default function WebhooksTab() {
  const query = useQuery<{ webhooks: TWebhook[] }>({ queryKey: WEBHOOKS_KEY });
  const [open, setOpen] = useState<Open>(null);
  const t = useWebhooksT();
  const close = () => setOpen(null);
  return (
    <Card data-testid="webhooks-tab">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <CardTitle>{t('webhooks.title')}</CardTitle>
          <CardDescription>{t('webhooks.description')}</CardDescription>
        </div>
        <Button onClick={() => setOpen({ kind: 'form' })} data-testid="add-webhook-button">
          {t('webhooks.add')}
        </Button>
      </CardHeader>
      <CardContent>
        <ListState
          query={query}
          count={(data) => data.webhooks.length}
          loadingLabel={t('webhooks.loading')}
          emptyText={t('webhooks.empty')}
        >
          {(data) => (
            <div className="overflow-x-auto rounded-md border">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead className="pl-4">{t('webhooks.columnWebhook')}</TableHead>
                    <TableHead className="hidden pr-4 md:table-cell">{t('webhooks.columnEvents')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.webhooks.map((webhook) => (
                    <WebhookRow key={webhook.id} webhook={webhook} onOpen={setOpen} />
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </ListState>
      </CardContent>
      {open?.kind === 'form' && (
        <WebhookFormDialog
          webhook={open.webhook}
          onClose={close}
          onSecret={(secret) => setOpen({ kind: 'secret', secret })}
        />
      )}
      {open?.kind === 'secret' && <WebhookSecretDialog secret={open.secret} onClose={close} />}
      {open?.kind === 'deliveries' && <WebhookDeliveriesDialog webhook={open.webhook} onClose={close} />}
      {open?.kind === 'delete' && <DeleteWebhookDialog webhook={open.webhook} onClose={close} />}
    </Card>
  );
}
