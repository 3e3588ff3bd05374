/** A region of IANA zones (the part before the first slash) and its zones, for an optgroup each. */
export type TZoneGroup = { region: string; zones: string[] };

/**
 * The zones this browser knows, grouped by region in the database's order, with UTC first on its own:
 * a native select with groups is searchable by typing and works from the keyboard alone.
 */
export function timeZoneGroups(zones: readonly string[] = Intl.supportedValuesOf('timeZone')): TZoneGroup[] {
  const groups: TZoneGroup[] = [{ region: 'UTC', zones: ['UTC'] }];
  const byRegion = new Map<string, string[]>();
  for (const zone of zones) {
    if (zone === 'UTC') continue;
    const region = zone.includes('/') ? zone.slice(0, zone.indexOf('/')) : 'Other';
    let members = byRegion.get(region);
    if (!members) {
      members = [];
      byRegion.set(region, members);
      groups.push({ region, zones: members });
    }
    members.push(zone);
  }
  return groups;
}
