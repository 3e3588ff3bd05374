import { describe, expect, test } from 'bun:test';
import { SLA_MESSAGES, ZCreateBusinessCalendarRequest } from '@helpdesk/contracts';
import { calendarFormValues, calendarRequestOf, timeZoneNames } from './calendar-form.ts';

describe('the business calendar form', () => {
  test('a new calendar starts as office hours in the given zone; holidays without name or repeat send neither', () => {
    const values = {
      ...calendarFormValues(undefined, 'Europe/Berlin'),
      name: 'Berlin office',
      holidays: [
        { date: '2026-12-25', name: 'Christmas', everyYear: true },
        { date: '2026-06-01', name: '', everyYear: false },
      ],
    };
    expect(values.timeZone).toBe('Europe/Berlin');
    expect(calendarRequestOf(ZCreateBusinessCalendarRequest.parse(values))).toMatchObject({
      holidays: [{ date: '2026-12-25', name: 'Christmas', everyYear: true }, { date: '2026-06-01' }],
    });
  });

  test("the contract's messages come back for a week without working time or a bad range", () => {
    const closed = {
      monday: [],
      tuesday: [],
      wednesday: [],
      thursday: [],
      friday: [],
      saturday: [],
      sunday: [],
    };
    const result = ZCreateBusinessCalendarRequest.safeParse({
      ...calendarFormValues(undefined, 'Nowhere/City'),
      name: 'x',
      weeklyHours: closed,
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toContain(SLA_MESSAGES.noWorkingTime);
    expect(messages).toContain(SLA_MESSAGES.unknownTimeZone);
  });

  test('the zone suggestions start with UTC and hold it once', () => {
    const zones = timeZoneNames();
    expect(zones[0]).toBe('UTC');
    expect(zones.filter((zone) => zone === 'UTC')).toHaveLength(1);
  });
});
