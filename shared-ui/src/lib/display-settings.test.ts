import { afterEach, expect, test } from 'bun:test';
import { ADMIN_API_PATHS } from '@helpdesk/contracts/constants';
import { queryKeyToUrl } from './api-client.ts';
import { applyDisplayTimeZone, DISPLAY_SETTINGS_QUERY_KEY, displayZoneOf } from './display-settings.ts';
import { formatDetailDate, getDisplayTimeZone, setDisplayTimeZone } from './format.ts';

afterEach(() => setDisplayTimeZone(null));

test('the query key reads the display settings path', () => {
  expect(queryKeyToUrl(DISPLAY_SETTINGS_QUERY_KEY)).toBe(ADMIN_API_PATHS.displaySettings);
});

test('a known zone is applied to the date helpers', () => {
  expect(applyDisplayTimeZone('America/Los_Angeles')).toBe('America/Los_Angeles');
  expect(formatDetailDate('2026-01-15T12:30:00.000Z')).toBe('Jan 15, 2026 04:30');
});

test('an unknown zone falls back to the browser zone instead of throwing', () => {
  applyDisplayTimeZone('America/New_York');
  expect(applyDisplayTimeZone('Not/AZone')).toBeNull();
  expect(getDisplayTimeZone()).toBeNull();
});

test('null (signed out, or not loaded yet) goes back to the browser zone', () => {
  applyDisplayTimeZone('UTC');
  expect(applyDisplayTimeZone(null)).toBeNull();
  expect(getDisplayTimeZone()).toBeNull();
});

test("a person's own zone wins over the desk's; none, or no settings read, keeps the rule as before", () => {
  const desk = {
    timezone: 'EST',
    timeZone: 'America/New_York',
    language: 'en',
    companyName: 'Desk',
  } as const;
  expect(displayZoneOf(desk, 'Europe/Berlin')).toBe('Europe/Berlin');
  expect(displayZoneOf(desk, null)).toBe('America/New_York');
  expect(displayZoneOf(null, 'Europe/Berlin')).toBeNull();
});
