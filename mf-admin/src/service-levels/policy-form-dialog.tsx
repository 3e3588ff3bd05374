import '../zod-config.ts';
import {
  SLA_LIMITS,
  SLA_MESSAGES,
  type TBusinessCalendar,
  type TCreateSlaPolicyRequest,
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  type TSlaPolicy,
  type TTeamListResponse,
} from '@helpdesk/contracts';
import { handleSessionEnded, Input } from '@helpdesk/shared-ui';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@helpdesk/shared-ui/form';
import { FormSelectField } from '@helpdesk/shared-ui/form-select-field';
import { FormTextField } from '@helpdesk/shared-ui/form-text-field';
import { Select, SelectContent, SelectOptions, SelectTrigger, SelectValue } from '@helpdesk/shared-ui/select';
import { Switch } from '@helpdesk/shared-ui/switch';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { Control } from 'react-hook-form';
import { formFailure } from '../feedback/mutation-failure.ts';
import { useAdminForm } from '../feedback/use-admin-form.ts';
import { FormDialog, FormDialogFooter, type TFormProps, type TItemDialogProps } from './form-dialog.tsx';
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
const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((value) => ({ value, label: TICKET_PRIORITY_LABELS[value] }));
const CATEGORY_OPTIONS = [
  { value: ANY, label: 'Any category' },
  ...TICKET_CATEGORIES.map((value) => ({ value, label: TICKET_CATEGORY_LABELS[value] })),
];
const UNIT_OPTIONS = TARGET_UNITS.map((value) => ({ value, label: value === 'hours' ? 'hours' : 'minutes' }));

/** New policy, and Edit for an existing one: what it applies to, its two targets, its calendar. */
export function PolicyFormDialog({ policy, isOpen, onOpenChange }: TItemDialogProps<'policy', TSlaPolicy>) {
  const save = useSavePolicy(policy?.id);
  return (
    <FormDialog
      title={policy ? 'Edit SLA policy' : 'New SLA policy'}
      description="Changes apply to tickets created, re-prioritised or moved to another team from now on; deadlines already set stay as they are."
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
  const teamOptions = [
    { value: ANY, label: 'Any team' },
    ...(teamsQuery.data ?? []).map((team) => ({ value: team.id, label: team.name })),
  ];
  const calendarOptions = [
    { value: AROUND_THE_CLOCK, label: 'Around the clock (UTC, no holidays)' },
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
            title: policy ? 'Error saving policy' : 'Error creating policy',
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
          label="Policy name *"
          placeholder="e.g. High priority, office hours"
          maxLength={SLA_LIMITS.nameMax}
          disabled={isPending}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          {(
            [
              { name: 'priority', label: 'Priority *', options: PRIORITY_OPTIONS },
              { name: 'teamId', label: 'Team', options: teamOptions },
              { name: 'category', label: 'Category', options: CATEGORY_OPTIONS },
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
            label="First response within *"
            isDisabled={isPending}
          />
          <TargetField
            control={form.control}
            name="resolutionTimeHours"
            unitName="resolutionUnit"
            label="Resolution within *"
            isDisabled={isPending}
          />
        </div>
        <FormSelectField
          control={form.control}
          name="calendarId"
          label="Business calendar"
          options={calendarOptions}
          description="Targets count only in the calendar's working time."
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
              <FormLabel className="font-normal">Active: applies to new tickets</FormLabel>
            </FormItem>
          )}
        />
        <FormDialogFooter
          noun="Policy"
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
  isDisabled,
}: {
  control: TPolicyControl;
  name: 'responseTimeHours' | 'resolutionTimeHours';
  unitName: 'responseUnit' | 'resolutionUnit';
  label: string;
  isDisabled: boolean;
}) {
  const unitLabelId = useId();
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
              {`${label.replace(' *', '')}: unit`}
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
                    <SelectOptions options={UNIT_OPTIONS} />
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
