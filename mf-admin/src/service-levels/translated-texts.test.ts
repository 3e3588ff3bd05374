import { describe, expect, test } from 'bun:test';
import { appliesTo } from './applies-to.ts';
import type { TServiceLevelsT } from './messages.ts';
import { targetText } from './target-units.ts';
import { aroundTheClockWeek, officeHoursWeek, weekdayName, weeklyHoursSummary } from './weekly-hours.ts';

// Shows which message a helper asked for and with what, so a text still built in English fails.
const spy: TServiceLevelsT = (id, values) => (values ? `${id} ${JSON.stringify(values)}` : id);

describe('weekday names come from Intl in the reader’s language', () => {
  test('long for labels, short for summaries, capitalised to start a label', () => {
    expect(weekdayName('monday')).toBe('Monday');
    expect(weekdayName('monday', 'es')).toBe('Lunes');
    expect(weekdayName('wednesday', 'de')).toBe('Mittwoch');
    expect(weekdayName('sunday', 'fr', 'short')).toBe('Dim.');
  });

  test('a week’s summary uses them, and its words come from the catalogue', () => {
    expect(weeklyHoursSummary(officeHoursWeek(), spy, 'de')).toBe('Mo-Fr 09:00-17:00');
    expect(weeklyHoursSummary(aroundTheClockWeek(), spy, 'de')).toBe('calendars.aroundTheClock');
    const closed = { ...officeHoursWeek(), monday: [], tuesday: [], wednesday: [], thursday: [], friday: [] };
    expect(weeklyHoursSummary(closed, spy, 'fr')).toBe('calendars.closedAllWeek');
  });
});

test('targets and "applies to" are messages with their numbers and names as values', () => {
  expect(targetText(1.5, spy)).toBe('policies.targetHoursMinutes {"hours":1,"minutes":30}');
  expect(targetText(4, spy)).toBe('policies.targetHours {"hours":4}');
  expect(targetText(0.25, spy)).toBe('policies.targetMinutes {"minutes":15}');
  const team = { id: '00000000-0000-4000-8000-000000000001', name: 'Network' };
  const categorySpy = (category: string) => `category:${category}`;
  expect(appliesTo({ team, category: 'access' }, spy, categorySpy)).toBe('Network · category:access');
  expect(appliesTo({ team: null, category: null }, spy)).toBe('policies.allTickets');
});
