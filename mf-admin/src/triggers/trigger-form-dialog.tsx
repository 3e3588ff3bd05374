import {
  type TAssignmentOptions,
  TICKET_ASSIGNMENT_OPTIONS_PATH,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TRIGGER_NO_TEAM,
  type TTrigger,
  type TTriggerActionType,
  type TTriggerConditionType,
  type TTriggerRunOn,
  type TWebhookList,
  WEBHOOK_PATHS,
} from '@helpdesk/contracts';
import {
  Alert,
  AlertDescription,
  Button,
  handleSessionEnded,
  Input,
  Label,
  Spinner,
  serverMessage,
  Textarea,
  useCategoryLabel,
  usePriorityLabel,
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
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { type TTriggersT, useTriggersT } from './messages.ts';
import {
  ACTION_LABELS,
  CONDITION_LABELS,
  newActionRow,
  newConditionRow,
  RUN_ON_LABELS,
  type TActionRow,
  type TConditionRow,
  type TTriggerFormState,
  triggerFormState,
  triggerRequest,
  unusedConditionTypes,
} from './trigger-form.ts';
import { useSaveTrigger } from './use-trigger-mutations.ts';

const SELECT_CLASS =
  'h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

type TChoice = { value: string; label: string };

/** The choices a condition or action offers: priorities, categories, teams, staff. */
function useChoices(t: TTriggersT) {
  const priorityLabel = usePriorityLabel();
  const categoryLabel = useCategoryLabel();
  const options = useQuery<TAssignmentOptions>({ queryKey: [TICKET_ASSIGNMENT_OPTIONS_PATH] });
  const webhooks = useQuery<TWebhookList>({ queryKey: [WEBHOOK_PATHS.list] });
  const teams = (options.data?.teams ?? []).map((team) => ({ value: team.id, label: team.name }));
  return {
    priorities: TICKET_PRIORITIES.map((value) => ({ value, label: priorityLabel(value) })),
    categories: TICKET_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) })),
    teams,
    teamsOrNone: [...teams, { value: TRIGGER_NO_TEAM, label: t('triggers.noTeam') }],
    webhooks: (webhooks.data?.webhooks ?? []).map((webhook) => ({ value: webhook.id, label: webhook.name })),
    staff: (options.data?.assignees ?? []).map((person) => ({
      value: person.id,
      label: `${person.firstName} ${person.lastName}`.trim(),
    })),
  };
}

function ChoiceChecks({
  label,
  choices,
  selected,
  onChange,
}: {
  label: string;
  choices: TChoice[];
  selected: string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
      <legend className="sr-only">{label}</legend>
      {choices.map((choice) => (
        <Label key={choice.value} className="flex items-center gap-2 font-normal">
          <Checkbox
            checked={selected.includes(choice.value)}
            onCheckedChange={(checked) =>
              onChange(
                checked === true
                  ? [...selected, choice.value]
                  : selected.filter((value) => value !== choice.value),
              )
            }
          />
          {choice.label}
        </Label>
      ))}
    </fieldset>
  );
}

/** A row's kind (a native select, keyboard-friendly) and its Remove button. */
function RowKind({
  label,
  value,
  options,
  onChange,
  removeLabel,
  onRemove,
}: {
  label: string;
  value: string;
  options: TChoice[];
  onChange: (value: string) => void;
  removeLabel: string;
  onRemove: () => void;
}) {
  const t = useTriggersT();
  return (
    <div className="flex items-center gap-2">
      <select
        aria-label={label}
        className={SELECT_CLASS}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Button type="button" variant="ghost" size="sm" onClick={onRemove} aria-label={removeLabel}>
        {t('triggers.remove')}
      </Button>
    </div>
  );
}

function ConditionEditor({
  row,
  number,
  usable,
  onChange,
  onRemove,
}: {
  row: TConditionRow;
  number: number;
  usable: TTriggerConditionType[];
  onChange: (row: TConditionRow) => void;
  onRemove: () => void;
}) {
  const t = useTriggersT();
  const choices = useChoices(t);
  const kindLabel = t('triggers.conditionKind', { number });
  const kinds = [row.type, ...usable.filter((type) => type !== row.type)];
  const checks = { priority: choices.priorities, category: choices.categories, team: choices.teamsOrNone };
  return (
    <li className="flex flex-col gap-2 rounded-md border p-3" data-testid="trigger-condition">
      <RowKind
        label={kindLabel}
        value={row.type}
        options={kinds.map((type) => ({ value: type, label: t(CONDITION_LABELS[type]) }))}
        onChange={(type) => onChange(newConditionRow(type as TTriggerConditionType))}
        removeLabel={t('triggers.removeCondition', { number })}
        onRemove={onRemove}
      />
      {row.type === 'title_words' || row.type === 'requester_domain' ? (
        <Input
          aria-label={row.type === 'title_words' ? t('triggers.wordsLabel') : t('triggers.domainsLabel')}
          placeholder={row.type === 'title_words' ? t('triggers.wordsLabel') : t('triggers.domainsLabel')}
          value={row.text}
          onChange={(event) => onChange({ ...row, text: event.target.value })}
        />
      ) : (
        <ChoiceChecks
          label={t(CONDITION_LABELS[row.type])}
          choices={checks[row.type]}
          selected={row.choices}
          onChange={(next) => onChange({ ...row, choices: next })}
        />
      )}
    </li>
  );
}

function ActionValue({
  row,
  number,
  onChange,
}: {
  row: TActionRow;
  number: number;
  onChange: (value: string) => void;
}) {
  const t = useTriggersT();
  const choices = useChoices(t);
  const label = t('triggers.valueLabel', { number });
  if (row.type === 'add_note') {
    return (
      <Textarea
        aria-label={label}
        rows={2}
        value={row.value}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  const options = {
    assign_team: choices.teams,
    notify_team: choices.teams,
    assign_agent: choices.staff,
    notify_user: choices.staff,
    set_priority: choices.priorities,
    set_category: choices.categories,
    webhook: choices.webhooks,
  }[row.type];
  return (
    <select
      aria-label={label}
      className={SELECT_CLASS}
      value={row.value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{t('triggers.choose')}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

function ActionEditor({
  row,
  number,
  onChange,
  onRemove,
}: {
  row: TActionRow;
  number: number;
  onChange: (row: TActionRow) => void;
  onRemove: () => void;
}) {
  const t = useTriggersT();
  return (
    <li className="flex flex-col gap-2 rounded-md border p-3" data-testid="trigger-action">
      <RowKind
        label={t('triggers.actionKind', { number })}
        value={row.type}
        options={(Object.keys(ACTION_LABELS) as TTriggerActionType[]).map((type) => ({
          value: type,
          label: t(ACTION_LABELS[type]),
        }))}
        onChange={(type) => onChange(newActionRow(type as TTriggerActionType))}
        removeLabel={t('triggers.removeAction', { number })}
        onRemove={onRemove}
      />
      <ActionValue row={row} number={number} onChange={(value) => onChange({ ...row, value })} />
    </li>
  );
}

const replaced = <T extends { key: string }>(rows: T[], row: T, key: string) =>
  rows.map((one) => (one.key === key ? { ...row, key } : one));

function TriggerForm({ trigger, onClose }: { trigger?: TTrigger; onClose: () => void }) {
  const t = useTriggersT();
  const [state, setState] = useState<TTriggerFormState>(() => triggerFormState(trigger));
  const save = useSaveTrigger(trigger?.id);
  const ids = { name: useId(), runOn: useId() };
  const unused = unusedConditionTypes(state.conditions);
  const update = (changes: Partial<TTriggerFormState>) => setState((current) => ({ ...current, ...changes }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(triggerRequest(state), {
      onSuccess: onClose,
      onError: (error) => handleSessionEnded(error),
    });
  };
  return (
    <form onSubmit={submit} className="flex min-w-0 flex-col gap-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.name}>{t('triggers.name')}</Label>
          <Input
            id={ids.name}
            value={state.name}
            onChange={(event) => update({ name: event.target.value })}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.runOn}>{t('triggers.runOn')}</Label>
          <select
            id={ids.runOn}
            className={SELECT_CLASS}
            value={state.runOn}
            onChange={(event) => update({ runOn: event.target.value as TTriggerRunOn })}
          >
            {(Object.keys(RUN_ON_LABELS) as TTriggerRunOn[]).map((runOn) => (
              <option key={runOn} value={runOn}>
                {t(RUN_ON_LABELS[runOn])}
              </option>
            ))}
          </select>
        </div>
        <Label className="flex items-center gap-3 font-normal">
          <Switch checked={state.isEnabled} onCheckedChange={(isEnabled) => update({ isEnabled })} />
          {t('triggers.isEnabled')}
        </Label>
      </div>
      <section className="flex flex-col gap-2">
        <h3 className="font-medium text-sm">{t('triggers.conditions')}</h3>
        <ol className="flex flex-col gap-2">
          {state.conditions.map((row, index) => (
            <ConditionEditor
              key={row.key}
              row={row}
              number={index + 1}
              usable={unused}
              onChange={(next) => update({ conditions: replaced(state.conditions, next, row.key) })}
              onRemove={() => update({ conditions: state.conditions.filter((one) => one.key !== row.key) })}
            />
          ))}
        </ol>
        {unused[0] !== undefined && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() =>
              unused[0] && update({ conditions: [...state.conditions, newConditionRow(unused[0])] })
            }
          >
            {t('triggers.addCondition')}
          </Button>
        )}
      </section>
      <section className="flex flex-col gap-2">
        <h3 className="font-medium text-sm">{t('triggers.actions')}</h3>
        <ol className="flex flex-col gap-2">
          {state.actions.map((row, index) => (
            <ActionEditor
              key={row.key}
              row={row}
              number={index + 1}
              onChange={(next) => update({ actions: replaced(state.actions, next, row.key) })}
              onRemove={() => update({ actions: state.actions.filter((one) => one.key !== row.key) })}
            />
          ))}
        </ol>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => update({ actions: [...state.actions, newActionRow('assign_team')] })}
        >
          {t('triggers.addAction')}
        </Button>
      </section>
      {save.isError && (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{serverMessage(save.error) ?? t('triggers.saveFailed')}</AlertDescription>
        </Alert>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
          {t('triggers.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner />}
          {save.isPending ? t('triggers.saving') : trigger ? t('triggers.save') : t('triggers.create')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Add trigger, and Edit for an existing one: name, moment, switch, condition rows and action rows. */
export function TriggerFormDialog({ trigger, onClose }: { trigger?: TTrigger; onClose: () => void }) {
  const t = useTriggersT();
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" data-testid="trigger-form-dialog">
        <DialogHeader>
          <DialogTitle>{trigger ? t('triggers.formEditTitle') : t('triggers.formAddTitle')}</DialogTitle>
          <DialogDescription>{t('triggers.formDescription')}</DialogDescription>
        </DialogHeader>
        <TriggerForm trigger={trigger} onClose={onClose} />
      </DialogContent>
    </Dialog>
  );
}
