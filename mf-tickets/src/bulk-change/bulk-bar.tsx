import {
  type TAssignmentOptions,
  type TBulkTicketRequest,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
} from '@helpdesk/contracts';
import { Button, fullName, Spinner, useLocalizeText, withLocalizedLabels } from '@helpdesk/shared-ui';
import { Select, SelectContent, SelectOptions, SelectTrigger, SelectValue } from '@helpdesk/shared-ui/select';
import { useQuery } from '@tanstack/react-query';
import { UserCheck, X } from 'lucide-react';
import { idFromSelectValue, NONE_VALUE } from '../tickets/none-option.ts';
import { ASSIGNMENT_OPTIONS_KEY } from '../tickets/ticket-query-keys.ts';
import { useBulkT } from './messages.ts';

type TChanges = TBulkTicketRequest['changes'];

const labelled = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));
const STATUS_OPTIONS = labelled(TICKET_STATUS_LABELS);
const PRIORITY_OPTIONS = labelled(TICKET_PRIORITY_LABELS);

/** One choice that applies at once; it shows its name, never a value, since the tickets differ. */
function ActionSelect({
  label,
  options,
  disabled,
  onPick,
}: {
  label: string;
  options: readonly { value: string; label: string }[];
  disabled: boolean;
  onPick: (value: string) => void;
}) {
  return (
    <Select value="" onValueChange={onPick} disabled={disabled}>
      <SelectTrigger size="sm" className="bg-background" aria-label={label}>
        <SelectValue placeholder={label} />
      </SelectTrigger>
      <SelectContent>
        <SelectOptions options={options} />
      </SelectContent>
    </Select>
  );
}

type TProps = {
  count: number;
  currentUserId: string;
  isPending: boolean;
  onChange: (changes: TChanges) => void;
  onClear: () => void;
};

/** The bar over the list while tickets are selected: how many, and the changes that apply to them all. */
export function BulkBar({ count, currentUserId, isPending, onChange, onClear }: TProps) {
  const t = useBulkT();
  const localize = useLocalizeText();
  const options = useQuery<TAssignmentOptions>({ queryKey: ASSIGNMENT_OPTIONS_KEY });
  const assignees = [
    { value: NONE_VALUE, label: t('bulk.unassigned') },
    ...(options.data?.assignees ?? []).map((p) => ({ value: p.id, label: fullName(p) })),
  ];
  const teams = [
    { value: NONE_VALUE, label: t('bulk.noTeam') },
    ...(options.data?.teams ?? []).map((t) => ({ value: t.id, label: t.name })),
  ];
  return (
    <div
      role="toolbar"
      aria-label={t('bulk.toolbarLabel')}
      className="flex flex-wrap items-center gap-2 rounded-lg border bg-card p-2 shadow-sm"
      data-testid="bulk-bar"
    >
      <p className="px-2 font-medium text-sm" aria-live="polite" data-testid="bulk-count">
        {t('bulk.selected', { count })}
      </p>
      <Button
        size="sm"
        variant="secondary"
        disabled={isPending}
        onClick={() => onChange({ assigneeId: currentUserId })}
      >
        <UserCheck className="size-4" aria-hidden />
        {t('bulk.assignToMe')}
      </Button>
      <ActionSelect
        label={t('bulk.assignTo')}
        options={assignees}
        disabled={isPending}
        onPick={(value) => onChange({ assigneeId: idFromSelectValue(value) })}
      />
      <ActionSelect
        label={t('bulk.status')}
        options={withLocalizedLabels(STATUS_OPTIONS, localize)}
        disabled={isPending}
        onPick={(value) => onChange({ status: value as TChanges['status'] })}
      />
      <ActionSelect
        label={t('bulk.priority')}
        options={withLocalizedLabels(PRIORITY_OPTIONS, localize)}
        disabled={isPending}
        onPick={(value) => onChange({ priority: value as TChanges['priority'] })}
      />
      <ActionSelect
        label={t('bulk.team')}
        options={teams}
        disabled={isPending}
        onPick={(value) => onChange({ teamId: idFromSelectValue(value) })}
      />
      {isPending && <Spinner aria-label={t('bulk.changing')} />}
      <Button size="sm" variant="ghost" className="ml-auto" onClick={onClear}>
        <X className="size-4" aria-hidden />
        {t('bulk.clear')}
      </Button>
    </div>
  );
}
