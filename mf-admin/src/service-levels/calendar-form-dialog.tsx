import '../zod-config.ts';
import {
  SLA_LIMITS,
  SLA_MESSAGES,
  type TBusinessCalendar,
  type TCreateBusinessCalendarRequest,
  WEEKDAYS,
  ZCreateBusinessCalendarRequest,
} from '@helpdesk/contracts';
import { Button, handleSessionEnded } from '@helpdesk/shared-ui';
import { Form } from '@helpdesk/shared-ui/form';
import { FormTextField } from '@helpdesk/shared-ui/form-text-field';
import { useId } from 'react';
import { useFeedbackT } from '../feedback/messages.ts';
import { formFailure } from '../feedback/mutation-failure.ts';
import { useAdminForm } from '../feedback/use-admin-form.ts';
import {
  browserTimeZone,
  calendarFormValues,
  calendarRequestOf,
  type TCalendarFormValues,
  timeZoneNames,
} from './calendar-form.ts';
import { FieldError, HolidaysFields, WeekdayHoursFields } from './calendar-form-fields.tsx';
import { FormDialog, FormDialogFooter, type TFormProps, type TItemDialogProps } from './form-dialog.tsx';
import { useServiceLevelsT } from './messages.ts';
import { useSaveCalendar } from './use-service-level-mutations.ts';
import { aroundTheClockWeek, officeHoursWeek } from './weekly-hours.ts';

const FIELD_NAMES = ['name', 'timeZone', 'weeklyHours', 'holidays'] as const;

/** New calendar, and Edit for an existing one: name, zone, hours per weekday, holidays. */
export function CalendarFormDialog({
  calendar,
  isOpen,
  onOpenChange,
}: TItemDialogProps<'calendar', TBusinessCalendar>) {
  const save = useSaveCalendar(calendar?.id);
  const t = useServiceLevelsT();
  return (
    <FormDialog
      title={calendar ? t('calendarForm.editTitle') : t('calendars.new')}
      description={t('calendarForm.description')}
      isOpen={isOpen}
      mutation={save}
      onOpenChange={onOpenChange}
      className="sm:max-w-2xl"
      testId="calendar-form-dialog"
    >
      {(form) => <CalendarForm calendar={calendar} {...form} />}
    </FormDialog>
  );
}

function CalendarForm({
  calendar,
  isPending,
  onSave,
  onCancel,
  onSaved,
}: TFormProps<TCreateBusinessCalendarRequest> & { calendar?: TBusinessCalendar }) {
  const { form, showFailure } = useAdminForm(
    ZCreateBusinessCalendarRequest,
    calendarFormValues(calendar, browserTimeZone()),
    isPending,
  );
  const zoneListId = useId();
  const t = useServiceLevelsT();
  const feedbackT = useFeedbackT();

  function applyPreset(weeklyHours: TCalendarFormValues['weeklyHours']) {
    // reset, not setValue: each weekday's list of ranges is a field array that must follow.
    form.reset({ ...form.getValues(), weeklyHours }, { keepDefaultValues: true });
  }

  function submit(values: TCreateBusinessCalendarRequest) {
    onSave(calendarRequestOf(values), {
      onSuccess: onSaved,
      onError: (error) => {
        if (handleSessionEnded(error)) return;
        showFailure(
          formFailure(error, {
            fieldNames: FIELD_NAMES,
            title: calendar ? t('calendarForm.saveError') : t('calendarForm.createError'),
            fallback: feedbackT('feedback.tryAgain'),
            messageFields: [
              { message: SLA_MESSAGES.calendarNameExists, field: 'name' },
              { message: SLA_MESSAGES.unknownTimeZone, field: 'timeZone' },
              { message: SLA_MESSAGES.noWorkingTime, field: 'weeklyHours' },
            ],
          }),
        );
      },
    });
  }

  const weekError = form.formState.errors.weeklyHours;
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTextField
            control={form.control}
            name="name"
            label={t('calendarForm.name')}
            placeholder={t('calendarForm.namePlaceholder')}
            maxLength={SLA_LIMITS.nameMax}
            disabled={isPending}
          />
          <FormTextField
            control={form.control}
            name="timeZone"
            label={t('calendarForm.timeZone')}
            list={zoneListId}
            autoComplete="off"
            spellCheck={false}
            placeholder={t('calendarForm.timeZonePlaceholder')}
            disabled={isPending}
          />
          <datalist id={zoneListId}>
            {timeZoneNames().map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </div>

        <fieldset className="grid gap-3" disabled={isPending}>
          <legend className="mb-2 font-medium text-sm">{t('calendarForm.workingHours')}</legend>
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-muted-foreground text-sm">{t('calendarForm.startFrom')}</span>
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => applyPreset(officeHoursWeek())}
              >
                {t('calendarForm.officeHours')}
              </Button>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => applyPreset(aroundTheClockWeek())}
              >
                {t('calendars.aroundTheClock')}
              </Button>
            </div>
          </div>
          <p className="text-muted-foreground text-xs">{t('calendarForm.clockHint')}</p>
          <div className="grid gap-2 rounded-md border p-3">
            {WEEKDAYS.map((day) => (
              <WeekdayHoursFields key={day} day={day} control={form.control} />
            ))}
          </div>
          <FieldError message={weekError?.message ?? weekError?.root?.message} testId="weekly-hours-error" />
        </fieldset>

        <HolidaysFields control={form.control} isPending={isPending} />

        <FormDialogFooter
          labels={{
            create: t('calendarForm.create'),
            creating: t('calendarForm.creatingLabel'),
            saving: t('calendarForm.savingLabel'),
          }}
          isEditing={calendar !== undefined}
          isPending={isPending}
          onCancel={onCancel}
        />
      </form>
    </Form>
  );
}
