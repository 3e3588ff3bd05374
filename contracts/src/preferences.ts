import { z } from 'zod';
import { SETTINGS_LANGUAGES } from './settings.ts';
import { ZUserResponse } from './users.ts';

/** The texts of refused preferences (docs/product.md#languages). */
export const PREFERENCES_MESSAGES = {
  unknownLanguage: 'Choose English, Spanish, French or German, or the desk default',
  unknownTimeZone: 'Unknown time zone',
} as const;

/** The longest IANA zone name accepted; the real ones are at most 30 characters. */
export const TIME_ZONE_MAX = 64;

let ianaZones: ReadonlySet<string> | null = null;

/**
 * Whether `zone` is an IANA zone name exactly as this runtime's Intl lists it, or 'UTC' (which Intl
 * lists under Etc/). Stricter than what Intl.DateTimeFormat takes: no 'EST', no other spelling of a case.
 */
export function isIanaTimeZone(zone: string): boolean {
  if (zone === 'UTC') return true;
  ianaZones ??= new Set(Intl.supportedValuesOf('timeZone'));
  return ianaZones.has(zone);
}

/**
 * A person's own language and time zone; null follows the desk's (the desk's language and display
 * zone in the admin settings).
 */
export const ZPersonPreferences = z.object({
  language: z.enum(SETTINGS_LANGUAGES).nullable(),
  /** An IANA zone name (Europe/Berlin) or 'UTC'. */
  timeZone: z.string().nullable(),
});
export type TPersonPreferences = z.infer<typeof ZPersonPreferences>;

/** What a person who chose nothing has: the desk's language and zone. */
export const DESK_PREFERENCES: TPersonPreferences = { language: null, timeZone: null };

/** PATCH of the signed-in person's preferences: a field left out stays as it is, null goes back to the desk's. */
export const ZPreferencesUpdateRequest = z.strictObject({
  language: z.enum(SETTINGS_LANGUAGES, PREFERENCES_MESSAGES.unknownLanguage).nullable().optional(),
  timeZone: z
    .string(PREFERENCES_MESSAGES.unknownTimeZone)
    .max(TIME_ZONE_MAX, PREFERENCES_MESSAGES.unknownTimeZone)
    .refine(isIanaTimeZone, PREFERENCES_MESSAGES.unknownTimeZone)
    .nullable()
    .optional(),
});
export type TPreferencesUpdateRequest = z.infer<typeof ZPreferencesUpdateRequest>;

export const ZPreferencesResponse = z.object({ preferences: ZPersonPreferences });
export type TPreferencesResponse = z.infer<typeof ZPreferencesResponse>;

/** GET /api/auth/me: the signed-in user and their own preferences, so the first screen is in their language. */
export const ZMeResponse = ZUserResponse.extend({ preferences: ZPersonPreferences });
export type TMeResponse = z.infer<typeof ZMeResponse>;
