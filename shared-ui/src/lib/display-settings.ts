import type { TDisplaySettings } from '@helpdesk/contracts';
import { ADMIN_API_PATHS } from '@helpdesk/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { getDisplayTimeZone, setDisplayTimeZone } from './format.ts';

/** Query key of GET /api/settings/display; invalidate it after the settings change. */
export const DISPLAY_SETTINGS_QUERY_KEY = [ADMIN_API_PATHS.displaySettings] as const;

/**
 * Makes `timeZone` the zone the date helpers format in and answers the zone now in effect. A zone
 * this browser does not know leaves dates in the browser's zone rather than breaking every page.
 */
export function applyDisplayTimeZone(timeZone: string | null): string | null {
  if (timeZone === getDisplayTimeZone()) return timeZone;
  try {
    setDisplayTimeZone(timeZone);
  } catch {
    setDisplayTimeZone(null);
  }
  return getDisplayTimeZone();
}

/** The zone a signed-in person's dates are in: their own choice, else the desk's; null: the browser's. */
export function displayZoneOf(settings: TDisplaySettings | null, ownTimeZone: string | null): string | null {
  return settings === null ? null : (ownTimeZone ?? settings.timeZone);
}

/**
 * Reads the desk's display settings for a signed-in user and applies its timezone to the date
 * helpers, or the person's own zone (`ownTimeZone`, their profile's choice) when they chose one. Answers the zone in effect (key the page content on it so dates re-render after a
 * change) and whether the first read is still running (wait for it to avoid a re-render). A failed
 * read leaves dates in the browser's zone.
 */
export function useDisplaySettings(
  isSignedIn: boolean,
  ownTimeZone: string | null = null,
): {
  settings: TDisplaySettings | null;
  timeZone: string | null;
  isLoading: boolean;
} {
  const query = useQuery<TDisplaySettings>({ queryKey: DISPLAY_SETTINGS_QUERY_KEY, enabled: isSignedIn });
  const settings = isSignedIn ? (query.data ?? null) : null;
  // Applied while rendering, not in an effect, so the children rendered in this same pass already
  // format in the new zone; applying the same zone twice is a no-op.
  const timeZone = applyDisplayTimeZone(displayZoneOf(settings, ownTimeZone));
  return { settings, timeZone, isLoading: isSignedIn && query.isLoading };
}
