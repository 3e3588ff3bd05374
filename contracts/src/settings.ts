import { z } from 'zod';
import { LIMITS } from './limits.ts';

/** The spec's timezone choices. The server and the UI format dates in the IANA zone each one maps to. */
export const SETTINGS_TIMEZONES = ['UTC', 'EST', 'PST', 'GMT'] as const;
export const ZSettingsTimezone = z.enum(SETTINGS_TIMEZONES);
export type TSettingsTimezone = z.infer<typeof ZSettingsTimezone>;

/**
 * EST and PST mean the US Eastern and Pacific zones, daylight saving included (what people who pick
 * "Eastern" expect); GMT is Etc/GMT, which never shifts (unlike Europe/London).
 */
export const SETTINGS_TIMEZONE_IANA: Record<TSettingsTimezone, string> = {
  UTC: 'UTC',
  EST: 'America/New_York',
  PST: 'America/Los_Angeles',
  GMT: 'Etc/GMT',
};
export const SETTINGS_TIMEZONE_LABELS: Record<TSettingsTimezone, string> = {
  UTC: 'UTC',
  EST: 'EST (Eastern)',
  PST: 'PST (Pacific)',
  GMT: 'GMT',
};

export const SETTINGS_LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export const ZSettingsLanguage = z.enum(SETTINGS_LANGUAGES);
export type TSettingsLanguage = z.infer<typeof ZSettingsLanguage>;
export const SETTINGS_LANGUAGE_LABELS: Record<TSettingsLanguage, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
};

export const SETTINGS_LIMITS = {
  companyNameMax: 255,
  smtpHostMax: 255,
  smtpUsernameMax: 255,
  smtpPasswordMax: 1024,
  reopenWindowDaysMax: 365,
} as const;

/**
 * GET /api/admin/settings (admins). The SMTP password is write-only: only whether one is set.
 * updatedAt is null while the settings were never saved (the defaults are in effect).
 */
export const ZSettings = z.object({
  companyName: z.string(),
  companyEmail: z.string(),
  timezone: ZSettingsTimezone,
  language: ZSettingsLanguage,
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  autoAssignment: z.boolean(),
  /** On: only admins may set a ticket's status to closed. */
  requireApproval: z.boolean(),
  /** Days after resolution in which a requester's reply reopens the ticket; 0 never reopens. */
  reopenWindowDays: z.number().int(),
  /** On: admins and agents must use two-factor authentication to sign in with a password. */
  requireTwoFactor: z.boolean(),
  smtpHost: z.string(),
  smtpPort: z.number().int(),
  smtpUsername: z.string(),
  smtpPasswordSet: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type TSettings = z.infer<typeof ZSettings>;

/** What GET answers before anyone saved (docs/product.md#settings; SMTP on the submission port). */
export const DEFAULT_SETTINGS: TSettings = {
  companyName: '',
  companyEmail: '',
  timezone: 'UTC',
  language: 'en',
  emailNotifications: true,
  pushNotifications: false,
  autoAssignment: true,
  requireApproval: false,
  reopenWindowDays: 7,
  requireTwoFactor: false,
  smtpHost: '',
  smtpPort: 587,
  smtpUsername: '',
  smtpPasswordSet: false,
  updatedAt: null,
};

/**
 * PUT /api/admin/settings: the whole form (every field but the password is required; unknown keys
 * are refused). smtpPassword: a string sets it, null clears it, absent keeps what is stored.
 * Empty companyName, companyEmail, smtpHost and smtpUsername are allowed (not configured).
 * Answers the saved ZSettings.
 */
export const ZUpdateSettingsRequest = z.strictObject({
  companyName: z
    .string()
    .trim()
    .max(
      SETTINGS_LIMITS.companyNameMax,
      `Company name must be at most ${SETTINGS_LIMITS.companyNameMax} characters`,
    ),
  companyEmail: z.union([
    z.literal(''),
    z.email('Please enter a valid email address').max(LIMITS.emailMax, 'Please enter a valid email address'),
  ]),
  timezone: ZSettingsTimezone,
  language: ZSettingsLanguage,
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  autoAssignment: z.boolean(),
  requireApproval: z.boolean(),
  /** Absent keeps what is stored. */
  reopenWindowDays: z
    .number({ error: 'Reopen window must be a number of days' })
    .int('Reopen window must be a whole number of days')
    .min(0, `Reopen window must be between 0 and ${SETTINGS_LIMITS.reopenWindowDaysMax} days`)
    .max(
      SETTINGS_LIMITS.reopenWindowDaysMax,
      `Reopen window must be between 0 and ${SETTINGS_LIMITS.reopenWindowDaysMax} days`,
    )
    .optional(),
  /** Absent keeps what is stored. */
  requireTwoFactor: z.boolean().optional(),
  smtpHost: z
    .string()
    .trim()
    .max(SETTINGS_LIMITS.smtpHostMax, 'SMTP host is too long')
    .regex(/^[A-Za-z0-9.-]*$/, 'SMTP host must be a host name or IP address'),
  smtpPort: z
    .number({ error: 'SMTP port must be a number' })
    .int('SMTP port must be a whole number')
    .min(1, 'SMTP port must be between 1 and 65535')
    .max(65535, 'SMTP port must be between 1 and 65535'),
  smtpUsername: z.string().trim().max(SETTINGS_LIMITS.smtpUsernameMax, 'SMTP username is too long'),
  smtpPassword: z
    .string()
    .min(1, 'SMTP password cannot be empty (send null to clear it)')
    .max(SETTINGS_LIMITS.smtpPasswordMax, 'SMTP password is too long')
    .nullable()
    .optional(),
});
export type TUpdateSettingsRequest = z.infer<typeof ZUpdateSettingsRequest>;

/** GET /api/settings/display: every signed-in user; what the product formats dates with. */
export const ZDisplaySettings = z.object({
  timezone: ZSettingsTimezone,
  /** The IANA zone of `timezone`, for Intl.DateTimeFormat's timeZone. */
  timeZone: z.string(),
  language: ZSettingsLanguage,
  companyName: z.string(),
});
export type TDisplaySettings = z.infer<typeof ZDisplaySettings>;

/**
 * GET /api/settings/notifications (agents and admins). pushNotifications on: staff who allow it in
 * their browser get a desktop notification for assignments, SLA warnings and requester replies while the desk is open.
 */
export const ZNotificationSettings = z.object({ pushNotifications: z.boolean() });
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

/** Messages of the Settings screen and the rule it enables. */
export const SETTINGS_MESSAGES = {
  saved: 'Settings saved',
  savedDescription: 'Your settings have been saved.',
  saveError: 'Failed to save settings',
  loadError: 'Failed to load settings. Please try again.',
  smtpPasswordSetHint: 'A password is set. Leave empty to keep it.',
  /** PATCH /api/tickets/{id} answers this (403) when an agent closes a ticket while approval is required. */
  closeRequiresAdmin: 'Closing tickets requires administrator approval',
} as const;
