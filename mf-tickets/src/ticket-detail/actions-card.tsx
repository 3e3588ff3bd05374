import {
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  type TTicketDetail,
  type TUpdateTicketRequest,
  ZTicketPriority,
  ZTicketStatus,
} from '@helpdesk/contracts';
import {
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Label,
  Spinner,
  useLocalizeText,
  withLocalizedLabels,
} from '@helpdesk/shared-ui';
import { OptionSelect } from '@helpdesk/shared-ui/select';
import { useId } from 'react';
import { idFromSelectValue, NONE_VALUE } from '../tickets/none-option.ts';
import { assigneeOptions, type TSelectOption, teamOptions } from './assignment-select-options.ts';
import { useTicketDetailT } from './messages.ts';
import { useAssignmentOptions, useUpdateTicket } from './use-ticket-detail.ts';

type TFieldProps = {
  label: string;
  value: string;
  options: readonly TSelectOption[];
  onChange: (value: string) => void;
  isDisabled: boolean;
  testId: string;
};

function SelectField({ label, value, options, onChange, isDisabled, testId }: TFieldProps) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <OptionSelect
        id={id}
        label={label}
        value={value}
        options={options}
        onValueChange={onChange}
        disabled={isDisabled}
        className="w-full"
        testId={testId}
      />
    </div>
  );
}

const STATUS_OPTIONS = TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] }));
const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((p) => ({ value: p, label: TICKET_PRIORITY_LABELS[p] }));

/**
 * Agents' and admins' controls (status, priority, and the assignment): each choice
 * is saved at once; any status or priority may be chosen directly.
 */
export function ActionsCard({ ticket }: { ticket: TTicketDetail }) {
  const t = useTicketDetailT();
  const localize = useLocalizeText();
  const update = useUpdateTicket(ticket.id);
  const options = useAssignmentOptions(true);
  // While a change is saving, its select shows the chosen value rather than jumping back.
  const pending: TUpdateTicketRequest = update.isPending ? (update.variables ?? {}) : {};
  const isBusy = update.isPending;

  const status = pending.status ?? ticket.status;
  const priority = pending.priority ?? ticket.priority;
  const assigneeId = pending.assigneeId !== undefined ? pending.assigneeId : ticket.assigneeId;
  const teamId = pending.teamId !== undefined ? pending.teamId : ticket.teamId;

  function change(patch: TUpdateTicketRequest) {
    update.mutate(patch);
  }

  return (
    <Card data-testid="ticket-actions">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {t('ticketDetail.actions')}
          {isBusy && <Spinner aria-label={t('ticketDetail.saving')} className="text-muted-foreground" />}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SelectField
          label={t('ticketDetail.status')}
          value={status}
          options={withLocalizedLabels(STATUS_OPTIONS, localize)}
          isDisabled={isBusy}
          testId="ticket-status-select"
          onChange={(value) => {
            const parsed = ZTicketStatus.safeParse(value);
            if (parsed.success && parsed.data !== ticket.status) change({ status: parsed.data });
          }}
        />
        <SelectField
          label={t('ticketDetail.priority')}
          value={priority}
          options={withLocalizedLabels(PRIORITY_OPTIONS, localize)}
          isDisabled={isBusy}
          testId="ticket-priority-select"
          onChange={(value) => {
            const parsed = ZTicketPriority.safeParse(value);
            if (parsed.success && parsed.data !== ticket.priority) change({ priority: parsed.data });
          }}
        />
        <SelectField
          label={t('ticketDetail.assignee')}
          value={assigneeId ?? NONE_VALUE}
          options={assigneeOptions(options.data, ticket.assignee, t)}
          isDisabled={isBusy || options.isPending}
          testId="ticket-assignee-select"
          onChange={(value) => {
            const next = idFromSelectValue(value);
            if (next !== ticket.assigneeId) change({ assigneeId: next });
          }}
        />
        <SelectField
          label={t('ticketDetail.team')}
          value={teamId ?? NONE_VALUE}
          options={teamOptions(options.data, ticket.team, t)}
          isDisabled={isBusy || options.isPending}
          testId="ticket-team-select"
          onChange={(value) => {
            const next = idFromSelectValue(value);
            if (next !== ticket.teamId) change({ teamId: next });
          }}
        />
        {options.isError && <p className="text-sm text-destructive">{t('ticketDetail.optionsFailed')}</p>}
      </CardContent>
    </Card>
  );
}
