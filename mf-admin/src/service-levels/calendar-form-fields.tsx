import { SLA_LIMITS, type TWeekday } from '@helpdesk/contracts';
import { Button, Input, Label } from '@helpdesk/shared-ui';
import { Checkbox } from '@helpdesk/shared-ui/checkbox';
import { useLocale } from '@helpdesk/shared-ui/i18n';
import { Switch } from '@helpdesk/shared-ui/switch';
import { Plus, X } from 'lucide-react';
import { type ComponentProps, useId } from 'react';
import { type Control, Controller, useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import type { TCalendarFormValues } from './calendar-form.ts';
import { useServiceLevelsT } from './messages.ts';
import { DEFAULT_RANGE, nextRange, weekdayName } from './weekly-hours.ts';

type TControl = Control<TCalendarFormValues, unknown, unknown>;

/** A message of the form that belongs to no single input (a day, the whole week, a holiday). */
export function FieldError({ message, id, testId }: { message?: string; id?: string; testId?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-destructive text-sm" data-testid={testId}>
      {message}
    </p>
  );
}

/** A time of day as typed ("24:00" is allowed as an end, which a native time input cannot take). */
function TimeInput({ errorId, ...props }: ComponentProps<'input'> & { errorId: string | undefined }) {
  const t = useServiceLevelsT();
  return (
    <Input
      {...props}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      className="w-20 tabular-nums"
      inputMode="numeric"
      placeholder={t('calendarForm.timePlaceholder')}
      maxLength={5}
      autoComplete="off"
    />
  );
}

/** One weekday: open or closed, and while open its ranges (add, edit, remove). */
export function WeekdayHoursFields({ day, control }: { day: TWeekday; control: TControl }) {
  const { register } = useFormContext<TCalendarFormValues>();
  const { fields, append, remove, replace } = useFieldArray({ control, name: `weeklyHours.${day}` });
  const { errors } = useFormState({ control, name: `weeklyHours.${day}` });
  const switchId = useId();
  const errorId = useId();
  const dayErrors = errors.weeklyHours?.[day];
  const t = useServiceLevelsT();
  const locale = useLocale();
  const label = weekdayName(day, locale);
  const isOpen = fields.length > 0;

  return (
    <div
      className="grid gap-2 border-b pb-2 last:border-b-0 last:pb-0 sm:grid-cols-[9rem_1fr]"
      data-testid={`day-${day}`}
    >
      <div className="flex h-9 items-center gap-2">
        <Switch
          id={switchId}
          checked={isOpen}
          onCheckedChange={(checked) => (checked ? append({ ...DEFAULT_RANGE }) : replace([]))}
        />
        <Label htmlFor={switchId} className="w-24">
          {label}
        </Label>
      </div>
      <div className="grid gap-2">
        {isOpen ? (
          fields.map((field, index) => {
            const rangeErrors = dayErrors?.[index];
            const message = rangeErrors?.start?.message ?? rangeErrors?.end?.message ?? rangeErrors?.message;
            // "(range 2)" only when the day has more than one range.
            const isNumbered = fields.length > 1;
            const values = { day: label, number: index + 1 };
            const messageId = `${errorId}-${index}`;
            return (
              <div key={field.id} className="grid gap-1">
                <div className="flex items-center gap-2">
                  <TimeInput
                    {...register(`weeklyHours.${day}.${index}.start`)}
                    aria-label={
                      isNumbered ? t('calendarForm.fromRange', values) : t('calendarForm.from', values)
                    }
                    errorId={rangeErrors?.start || rangeErrors?.message ? messageId : undefined}
                  />
                  <span aria-hidden>{t('calendarForm.to')}</span>
                  <TimeInput
                    {...register(`weeklyHours.${day}.${index}.end`)}
                    aria-label={
                      isNumbered ? t('calendarForm.untilRange', values) : t('calendarForm.until', values)
                    }
                    errorId={rangeErrors?.end || rangeErrors?.message ? messageId : undefined}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={t('calendarForm.removeRange', values)}
                    onClick={() => remove(index)}
                  >
                    <X aria-hidden />
                  </Button>
                  {index === fields.length - 1 && fields.length < SLA_LIMITS.rangesPerDayMax && (
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={t('calendarForm.addRange', values)}
                      onClick={() => append(nextRange(fields))}
                    >
                      <Plus aria-hidden />
                    </Button>
                  )}
                </div>
                <FieldError message={message} id={messageId} />
              </div>
            );
          })
        ) : (
          <p className="flex h-9 items-center text-muted-foreground text-sm">{t('calendarForm.closed')}</p>
        )}
        <FieldError message={dayErrors?.message ?? dayErrors?.root?.message} />
      </div>
    </div>
  );
}

/** Days off: a date, an optional name, and whether it comes back every year. */
export function HolidaysFields({ control, isPending }: { control: TControl; isPending: boolean }) {
  const { register } = useFormContext<TCalendarFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'holidays' });
  const { errors } = useFormState({ control, name: 'holidays' });
  const idPrefix = useId();
  const t = useServiceLevelsT();

  return (
    <fieldset className="grid gap-3" disabled={isPending}>
      <legend className="mb-2 font-medium text-sm">{t('calendarForm.holidays')}</legend>
      {fields.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('calendarForm.noHolidays')}</p>
      ) : (
        <ul className="grid gap-2">
          {fields.map((field, index) => {
            const holidayErrors = errors.holidays?.[index];
            const message = holidayErrors?.date?.message ?? holidayErrors?.name?.message;
            const everyYearId = `${idPrefix}-every-year-${index}`;
            return (
              <li key={field.id} className="grid gap-1" data-testid="holiday-row">
                <div className="flex flex-wrap items-center gap-2">
                  <Input
                    {...register(`holidays.${index}.date`)}
                    type="date"
                    aria-label={t('calendarForm.holidayDate', { number: index + 1 })}
                    aria-invalid={message ? true : undefined}
                    className="w-40"
                  />
                  <Input
                    {...register(`holidays.${index}.name`)}
                    aria-label={t('calendarForm.holidayName', { number: index + 1 })}
                    placeholder={t('calendarForm.holidayNamePlaceholder')}
                    maxLength={SLA_LIMITS.holidayNameMax}
                    className="min-w-0 flex-1 basis-40"
                  />
                  <div className="flex items-center gap-2">
                    <Controller
                      control={control}
                      name={`holidays.${index}.everyYear`}
                      render={({ field: checkbox }) => (
                        <Checkbox
                          id={everyYearId}
                          ref={checkbox.ref}
                          checked={checkbox.value ?? false}
                          onCheckedChange={(checked) => checkbox.onChange(checked === true)}
                          onBlur={checkbox.onBlur}
                        />
                      )}
                    />
                    <Label htmlFor={everyYearId} className="font-normal">
                      {t('calendarForm.everyYear')}
                    </Label>
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={t('calendarForm.removeHoliday', { number: index + 1 })}
                    onClick={() => remove(index)}
                  >
                    <X aria-hidden />
                  </Button>
                </div>
                <FieldError message={message} />
              </li>
            );
          })}
        </ul>
      )}
      <FieldError message={errors.holidays?.message ?? errors.holidays?.root?.message} />
      {fields.length < SLA_LIMITS.holidaysMax && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() => append({ date: '', name: '', everyYear: false })}
        >
          <Plus aria-hidden />
          {t('calendarForm.addHoliday')}
        </Button>
      )}
    </fieldset>
  );
}
