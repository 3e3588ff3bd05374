import type { TCalendarRules, TWeeklyHours } from '@helpdesk/contracts';

/** What SLA tests share: an office week and the worked example's Berlin calendar. */

const nineToFive = [{ start: '09:00', end: '17:00' }];

/** Monday to Friday, 09:00-17:00. */
export const WEEKDAYS_NINE_TO_FIVE: TWeeklyHours = {
  monday: nineToFive,
  tuesday: nineToFive,
  wednesday: nineToFive,
  thursday: nineToFive,
  friday: nineToFive,
  saturday: [],
  sunday: [],
};

/** Berlin, weekdays 09:00-17:00, with the given holidays. */
export const berlinOffice = (holidays: TCalendarRules['holidays'] = []): TCalendarRules => ({
  timeZone: 'Europe/Berlin',
  weeklyHours: WEEKDAYS_NINE_TO_FIVE,
  holidays,
});
