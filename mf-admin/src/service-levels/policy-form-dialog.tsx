import '../zod-config.ts';
import {
  SLA_LIMITS,
  SLA_MESSAGES,
  type TBusinessCalendar,
  type TCreateSlaPolicyRequest,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  type TSlaPolicy,
  type TTeamListResponse,
} from '@helpdesk/contracts';
import { handleSessionEnded, Input, useCategoryLabel, usePriorityLabel } from '@helpdesk/shared-ui';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@helpdesk/shared-ui/form';
import { FormSelectField } from '@helpdesk/shared-ui/form-select-field';
import { FormTextField } from '@helpdesk/shared-ui/form-text-field';
import { Select, SelectContent, SelectOptions, SelectTrigger, SelectValue } from '@helpdesk/shared-ui/select';
import { Switch } from '@helpdesk/shared-ui/switch';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { Control } from 'react-hook-form';
import { useFeedbackT } from '../feedback/messages.ts';
import { formFailure } from '../feedback/mutation-failure.ts';
import { useAdminForm } from '../feedback/use-admin-form.ts';
import { FormDialog, FormDialogFooter, type TFormProps, type TItemDialogProps } from './form-dialog.tsx';
import { useServiceLevelsT } from './messages.ts';
import {
  ANY,
  AROUND_THE_CLOCK,
  policyFormValues,
  type TPolicyFormValues,
  ZPolicyFormRequest,
} from './policy-form.ts';
import { CALENDARS_KEY, TEAMS_KEY } from './service-level-query-keys.ts';
import { TARGET_UNITS } from './target-units.ts';
import { useSavePolicy } from './use-service-level-mutations.ts';

const FIELD_NAMES = [
  'name',
  'priority',
  'teamId',
  'category',
  'responseTimeHours',
  'resolutionTimeHours',
  'calendarId',
] as const;
const UNIT_LABEL_IDS = { hours: 'policyForm.hours', minutes: 'policyForm.minutes' } as const;

/** New policy, and Edit for an existing one: what it applies to, its two targets, its calendar. */
export function PolicyFormDialog({ policy, isOpen, onOpenChange }: TItemDialogProps<'policy', TSlaPolicy>) {
  const save = useSavePolicy(policy?.id);
  const t = useServiceLevelsT();
  return (
    <FormDialog
      title={policy ? t('policyForm.editTitle') : t('policyForm.newTitle')}
      description={t('policyForm.description')}
      isOpen={isOpen}
      mutation={save}
      onOpenChange={onOpenChange}
      className="sm:max-w-xl"
      testId="policy-form-dialog"
    >
      {(form) => <PolicyForm policy={policy} {...form} />}
    </FormDialog>
  );
}

type TPolicyControl = Control<TPolicyFormValues, unknown, TCreateSlaPolicyRequest>;

function PolicyForm({
  policy,
  isPending,
  onSave,
  onCancel,
  onSaved,
}: TFormProps<TCreateSlaPolicyRequest> & { policy?: TSlaPolicy }) {
  const { form, showFailure } = useAdminForm(ZPolicyFormRequest, policyFormValues(policy), isPending);
  const teamsQuery = useQuery<TTeamListResponse>({ queryKey: TEAMS_KEY });
  const calendarsQuery = useQuery<TBusinessCalendar[]>({ queryKey: CALENDARS_KEY });
  const t = useServiceLevelsT();
  const feedbackT = useFeedbackT();
  const priorityLabel = usePriorityLabel();
  const categoryLabel = useCategoryLabel();
  const priorityOptions = TICKET_PRIORITIES.map((value) => ({ value, label: priorityLabel(value) }));
  const categoryOptions = [
    { value: ANY, label: t('policyForm.anyCategory') },
    ...TICKET_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) })),
  ];
  const teamOptions = [
    { value: ANY, label: t('policyForm.anyTeam') },
    ...(teamsQuery.data ?? []).map((team) => ({ value: team.id, label: team.name })),
  ];
  const calendarOptions = [
    { value: AROUND_THE_CLOCK, label: t('policyForm.aroundTheClock') },
    ...(calendarsQuery.data ?? []).map((calendar) => ({ value: calendar.id, label: calendar.name })),
  ];

  function submit(body: TCreateSlaPolicyRequest) {
    onSave(body, {
      onSuccess: onSaved,
      onError: (error) => {
        if (handleSessionEnded(error)) return;
        showFailure(
          formFailure(error, {
            fieldNames: FIELD_NAMES,
            title: policy ? t('policyForm.saveError') : t('policyForm.createError'),
            fallback: feedbackT('feedback.tryAgain'),
            messageFields: [
              { message: SLA_MESSAGES.policyMatchExists, field: 'priority' },
              { message: SLA_MESSAGES.resolutionBeforeResponse, field: 'resolutionTimeHours' },
              { message: SLA_MESSAGES.teamNotFound, field: 'teamId' },
              { message: SLA_MESSAGES.calendarNotFound, field: 'calendarId' },
            ],
          }),
        );
      },
    });
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4">
        <FormTextField
          control={form.control}
          name="name"
          label={t('policyForm.name')}
          placeholder={t('policyForm.namePlaceholder')}
          maxLength={SLA_LIMITS.nameMax}
          disabled={isPending}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          {(
            [
              { name: 'priority', label: t('policyForm.priority'), options: priorityOptions },
              { name: 'teamId', label: t('policyForm.team'), options: teamOptions },
              { name: 'category', label: t('policyForm.category'), options: categoryOptions },
            ] as const
          ).map((select) => (
            <FormSelectField
              key={select.name}
              control={form.control}
              isDisabled={isPending}
              className="content-start"
              {...select}
            />
          ))}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TargetField
            control={form.control}
            name="responseTimeHours"
            unitName="responseUnit"
            label={t('policyForm.response')}
            unitLabel={t('policyForm.responseUnit')}
            isDisabled={isPending}
          />
          <TargetField
            control={form.control}
            name="resolutionTimeHours"
            unitName="resolutionUnit"
            label={t('policyForm.resolution')}
            unitLabel={t('policyForm.resolutionUnit')}
            isDisabled={isPending}
          />
        </div>
        <FormSelectField
          control={form.control}
          name="calendarId"
          label={t('policyForm.calendar')}
          options={calendarOptions}
          description={t('policyForm.calendarHint')}
          isDisabled={isPending}
        />
        <FormField
          control={form.control}
          name="isActive"
          render={({ field }) => (
            <FormItem className="flex flex-row items-center gap-3">
              <FormControl>
                <Switch
                  ref={field.ref}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  disabled={isPending}
                />
              </FormControl>
              <FormLabel className="font-normal">{t('policyForm.active')}</FormLabel>
            </FormItem>
          )}
        />
        <FormDialogFooter
          labels={{
            create: t('policyForm.create'),
            creating: t('policyForm.creatingLabel'),
            saving: t('policyForm.savingLabel'),
          }}
          isEditing={policy !== undefined}
          isPending={isPending}
          onCancel={onCancel}
        />
      </form>
    </Form>
  );
}

/** A target: a number (fractions allowed) and its unit, one label for both, the message under them. */
function TargetField({
  control,
  name,
  unitName,
  label,
  unitLabel,
  isDisabled,
}: {
  control: TPolicyControl;
  name: 'responseTimeHours' | 'resolutionTimeHours';
  unitName: 'responseUnit' | 'resolutionUnit';
  label: string;
  /** The unit select's accessible name ("First response within: unit"). */
  unitLabel: string;
  isDisabled: boolean;
}) {
  const unitLabelId = useId();
  const t = useServiceLevelsT();
  const unitOptions = TARGET_UNITS.map((value) => ({ value, label: t(UNIT_LABEL_IDS[value]) }));
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        // content-start: a message under one target must not push its neighbour's input down.
        <FormItem className="content-start">
          <FormLabel>{label}</FormLabel>
          <div className="flex gap-2">
            <FormControl>
              <Input
                {...field}
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                className="min-w-0 flex-1"
                disabled={isDisabled}
              />
            </FormControl>
            <span id={unitLabelId} className="sr-only">
              {unitLabel}
            </span>
            <FormField
              control={control}
              name={unitName}
              render={({ field: unit }) => (
                <Select value={unit.value} onValueChange={unit.onChange} disabled={isDisabled}>
                  <SelectTrigger
                    className="w-28"
                    ref={unit.ref}
                    onBlur={unit.onBlur}
                    aria-labelledby={unitLabelId}
                  >
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectOptions options={unitOptions} />
                  </SelectContent>
                </Select>
              )}
            />
          </div>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
