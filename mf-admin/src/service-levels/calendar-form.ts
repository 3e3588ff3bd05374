import type {
  TBusinessCalendar,
  TCreateBusinessCalendarRequest,
  THoliday,
  ZCreateBusinessCalendarRequest,
} from '@helpdesk/contracts';
import type { z } from 'zod';
import { officeHoursWeek } from './weekly-hours.ts';

/** The form holds the request as typed; a holiday's empty name is no name. */
export type TCalendarFormValues = z.input<typeof ZCreateBusinessCalendarRequest>;

/** The zone this browser runs in, the default for a new calendar. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Every zone the browser knows, for the zone input's suggestions (UTC first: some browsers omit it). */
export function timeZoneNames(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}

/** The form's starting values: the calendar's own, or office hours in `timeZone` with no holidays. */
export function calendarFormValues(
  calendar: TBusinessCalendar | undefined,
  timeZone: string,
): TCalendarFormValues {
  return {
    name: calendar?.name ?? '',
    timeZone: calendar?.timeZone ?? timeZone,
    weeklyHours: calendar?.weeklyHours ?? officeHoursWeek(),
    holidays: (calendar?.holidays ?? []).map((holiday) => ({
      date: holiday.date,
      name: holiday.name ?? '',
      everyYear: holiday.everyYear ?? false,
    })),
  };
}

/** The checked form as the request body: holidays without a name or a yearly repeat leave those out. */
export function calendarRequestOf(values: TCreateBusinessCalendarRequest): TCreateBusinessCalendarRequest {
  return {
    ...values,
    holidays: values.holidays.map(
      ({ date, name, everyYear }): THoliday => ({
        date,
        ...(name ? { name } : {}),
        ...(everyYear ? { everyYear: true } : {}),
      }),
    ),
  };
}
