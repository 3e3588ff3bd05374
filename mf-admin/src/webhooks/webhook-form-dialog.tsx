import { type TWebhook, type TWebhookCreate, WEBHOOK_EVENTS } from '@helpdesk/contracts';
import {
  Alert,
  AlertDescription,
  Button,
  handleSessionEnded,
  Input,
  Label,
  Spinner,
  serverMessage,
  toast,
} from '@helpdesk/shared-ui';
import { Checkbox } from '@helpdesk/shared-ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@helpdesk/shared-ui/dialog';
import { Switch } from '@helpdesk/shared-ui/switch';
import { type FormEvent, useId, useState } from 'react';
import { useWebhooksT } from './messages.ts';
import { useSaveWebhook } from './use-webhook-mutations.ts';
import { WEBHOOK_EVENT_LABELS } from './webhook-labels.ts';

/** Add webhook, and Edit for an existing one; a new webhook's secret goes to `onSecret`, shown once. */
export function WebhookFormDialog({
  webhook,
  onClose,
  onSecret,
}: {
  webhook?: TWebhook;
  onClose: () => void;
  onSecret: (secret: string) => void;
}) {
  const t = useWebhooksT();
  const save = useSaveWebhook(webhook?.id);
  const id = useId();
  const [values, setValues] = useState<TWebhookCreate>({
    name: webhook?.name ?? '',
    url: webhook?.url ?? '',
    events: webhook?.events ?? ['ticket.created'],
    enabled: webhook?.enabled ?? true,
    allowPrivateNetwork: webhook?.allowPrivateNetwork ?? false,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof TWebhookCreate>(key: K, value: TWebhookCreate[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const toggleEvent = (event: (typeof WEBHOOK_EVENTS)[number], isOn: boolean) =>
    set('events', isOn ? [...values.events, event] : values.events.filter((each) => each !== event));

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    save.mutate(values, {
      onSuccess: (answer) => {
        toast({ title: webhook ? t('webhookForm.saved') : t('webhookForm.created') });
        onClose();
        if (answer.secret) onSecret(answer.secret);
      },
      onError: (error) => {
        if (handleSessionEnded(error)) return;
        setFailure(serverMessage(error) ?? t('webhooks.tryAgain'));
      },
    });
  }

  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && !save.isPending && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl" data-testid="webhook-form-dialog">
        <DialogHeader>
          <DialogTitle>{webhook ? t('webhookForm.editTitle') : t('webhookForm.addTitle')}</DialogTitle>
          <DialogDescription>{t('webhookForm.formDescription')}</DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit}>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-name`}>{t('webhookForm.name')}</Label>
            <Input
              id={`${id}-name`}
              value={values.name}
              maxLength={100}
              required
              onChange={(event) => set('name', event.target.value)}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-url`}>{t('webhookForm.url')}</Label>
            <Input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              value={values.url}
              maxLength={2000}
              required
              onChange={(event) => set('url', event.target.value)}
            />
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 font-medium text-sm">{t('webhookForm.events')}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {WEBHOOK_EVENTS.map((event) => (
                <div key={event} className="flex items-start gap-2">
                  <Checkbox
                    id={`${id}-${event}`}
                    checked={values.events.includes(event)}
                    onCheckedChange={(isOn) => toggleEvent(event, isOn === true)}
                  />
                  <Label htmlFor={`${id}-${event}`} className="flex flex-col items-start gap-0 font-normal">
                    <span>{t(WEBHOOK_EVENT_LABELS[event])}</span>
                    <code className="text-muted-foreground text-xs">{event}</code>
                  </Label>
                </div>
              ))}
            </div>
          </fieldset>
          <div className="flex items-center gap-2">
            <Switch
              id={`${id}-enabled`}
              checked={values.enabled}
              onCheckedChange={(isOn) => set('enabled', isOn)}
            />
            <Label htmlFor={`${id}-enabled`}>{t('webhookForm.enabled')}</Label>
          </div>
          <div className="flex flex-col gap-2">
            <div className="flex items-center gap-2">
              <Checkbox
                id={`${id}-private`}
                checked={values.allowPrivateNetwork}
                aria-describedby={`${id}-private-warning`}
                onCheckedChange={(isOn) => set('allowPrivateNetwork', isOn === true)}
              />
              <Label htmlFor={`${id}-private`}>{t('webhookForm.allowPrivate')}</Label>
            </div>
            <p id={`${id}-private-warning`} className="text-muted-foreground text-xs">
              {t('webhookForm.allowPrivateWarning')}
            </p>
          </div>
          {failure && (
            <Alert variant="destructive" role="alert">
              <AlertDescription>
                {t('webhookForm.saveError')}: {failure}
              </AlertDescription>
            </Alert>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              {t('webhooks.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner aria-label={t('webhookForm.savingLabel')} />}
              {save.isPending ? t('webhookForm.saving') : t('webhookForm.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The secret, this once, with Copy. */
export function WebhookSecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const t = useWebhooksT();
  const id = useId();
  async function copy() {
    await navigator.clipboard?.writeText(secret).catch(() => undefined);
    toast({ title: t('webhookSecret.copied') });
  }
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent data-testid="webhook-secret-dialog">
        <DialogHeader>
          <DialogTitle>{t('webhookSecret.title')}</DialogTitle>
          <DialogDescription id={`${id}-hint`}>{t('webhookSecret.description')}</DialogDescription>
        </DialogHeader>
        <Input
          readOnly
          value={secret}
          aria-describedby={`${id}-hint`}
          aria-label={t('webhookSecret.title')}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => void copy()}>
            {t('webhookSecret.copy')}
          </Button>
          <Button type="button" onClick={onClose}>
            {t('webhookSecret.done')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
