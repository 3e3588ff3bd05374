import type { TTrigger, TTriggerListResponse } from '@helpdesk/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Skeleton,
} from '@helpdesk/shared-ui';
import { Switch } from '@helpdesk/shared-ui/switch';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../feedback/confirm-delete-dialog.tsx';
import { LoadErrorAlert } from '../feedback/load-error-alert.tsx';
import { useTriggersT } from './messages.ts';
import { RUN_ON_LABELS } from './trigger-form.ts';
import { TriggerFormDialog } from './trigger-form-dialog.tsx';
import { TRIGGERS_KEY, useDeleteTrigger, useMoveTrigger, useToggleTrigger } from './use-trigger-mutations.ts';

function DeleteTriggerDialog({ trigger, onClose }: { trigger: TTrigger; onClose: () => void }) {
  const remove = useDeleteTrigger(trigger);
  const t = useTriggersT();
  const texts = {
    title: t('triggers.deleteTitle'),
    text: t('triggers.deleteText', { name: trigger.name }),
    cancel: t('triggers.cancel'),
    confirm: t('triggers.deleteConfirm'),
    deleting: t('triggers.deleting'),
    deletingLabel: t('triggers.deletingLabel'),
  };
  return <ConfirmDeleteDialog remove={remove} texts={texts} onClose={onClose} />;
}

function TriggerRow({
  trigger,
  number,
  isFirst,
  isLast,
  onEdit,
  onDelete,
}: {
  trigger: TTrigger;
  number: number;
  isFirst: boolean;
  isLast: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useTriggersT();
  const move = useMoveTrigger();
  const toggle = useToggleTrigger();
  const moves = [
    { direction: 'up', isAtEnd: isFirst, label: t('triggers.moveUp', { name: trigger.name }), symbol: '↑' },
    {
      direction: 'down',
      isAtEnd: isLast,
      label: t('triggers.moveDown', { name: trigger.name }),
      symbol: '↓',
    },
  ] as const;
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-md border p-3" data-testid="trigger-row">
      <span className="w-6 text-right text-muted-foreground text-sm tabular-nums">
        {t('triggers.position', { number })}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium" title={trigger.name}>
            {trigger.name}
          </span>
          <Badge variant={trigger.isEnabled ? 'success' : 'secondary'}>
            {trigger.isEnabled ? t('triggers.enabled') : t('triggers.disabled')}
          </Badge>
        </div>
        <span className="text-muted-foreground text-xs">
          {t(RUN_ON_LABELS[trigger.runOn])}
          {' · '}
          {t('triggers.summary', { conditions: trigger.conditions.length, actions: trigger.actions.length })}
        </span>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Switch
          checked={trigger.isEnabled}
          disabled={toggle.isPending}
          onCheckedChange={(isEnabled) => toggle.mutate({ trigger, isEnabled })}
          aria-label={t('triggers.enabledNamed', { name: trigger.name })}
        />
        {moves.map((one) => (
          <Button
            key={one.direction}
            size="sm"
            variant="outline"
            disabled={one.isAtEnd || move.isPending}
            onClick={() => move.mutate({ triggerId: trigger.id, direction: one.direction })}
            aria-label={one.label}
          >
            {one.symbol}
          </Button>
        ))}
        <Button
          size="sm"
          variant="outline"
          onClick={onEdit}
          aria-label={t('triggers.editNamed', { name: trigger.name })}
        >
          {t('triggers.edit')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={onDelete}
          aria-label={t('triggers.deleteNamed', { name: trigger.name })}
        >
          {t('triggers.delete')}
        </Button>
      </div>
    </li>
  );
}

/** Automation's Triggers tab: the rules in the order ticket writes run them, with Add / Edit / Move / Delete. */
export default function TriggersTab() {
  const query = useQuery<TTriggerListResponse>({ queryKey: TRIGGERS_KEY });
  const [editing, setEditing] = useState<TTrigger | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TTrigger | null>(null);
  const t = useTriggersT();
  const triggers = query.data?.triggers ?? [];
  return (
    <Card data-testid="triggers-tab">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <CardTitle>{t('triggers.title')}</CardTitle>
          <CardDescription>{t('triggers.description')}</CardDescription>
        </div>
        <Button onClick={() => setEditing('new')} data-testid="add-trigger-button">
          {t('triggers.add')}
        </Button>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div role="status" aria-label={t('triggers.loading')} className="flex flex-col gap-2">
            <Skeleton className="h-14 w-full" />
          </div>
        ) : query.isError ? (
          <LoadErrorAlert title={t('triggers.loadTitle')} message={t('triggers.loadText')} query={query} />
        ) : triggers.length === 0 ? (
          <p className="rounded-md border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
            {t('triggers.empty')}
          </p>
        ) : (
          <ol className="flex flex-col gap-2" aria-label={t('triggers.listLabel')}>
            {triggers.map((trigger, index) => (
              <TriggerRow
                key={trigger.id}
                trigger={trigger}
                number={index + 1}
                isFirst={index === 0}
                isLast={index === triggers.length - 1}
                onEdit={() => setEditing(trigger)}
                onDelete={() => setDeleting(trigger)}
              />
            ))}
          </ol>
        )}
      </CardContent>
      {editing && (
        <TriggerFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          trigger={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && <DeleteTriggerDialog trigger={deleting} onClose={() => setDeleting(null)} />}
    </Card>
  );
}
