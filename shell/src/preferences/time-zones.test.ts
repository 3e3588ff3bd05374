import { describe, expect, test } from 'bun:test';
import { timeZoneGroups } from './time-zones.ts';

describe('the time zone choices', () => {
  test('UTC comes first on its own, then one group per region in the given order', () => {
    expect(timeZoneGroups(['Africa/Abidjan', 'America/New_York', 'Africa/Accra', 'UTC', 'EST5EDT'])).toEqual([
      { region: 'UTC', zones: ['UTC'] },
      { region: 'Africa', zones: ['Africa/Abidjan', 'Africa/Accra'] },
      { region: 'America', zones: ['America/New_York'] },
      { region: 'Other', zones: ['EST5EDT'] },
    ]);
  });

  test("this runtime's zones are all offered", () => {
    const offered = timeZoneGroups().flatMap((group) => group.zones);
    expect(offered).toContain('Europe/Berlin');
    expect(offered.length).toBe(new Set(offered).size);
  });
});
