import {
  DEFAULT_SETTINGS,
  SETTINGS_TIMEZONE_IANA,
  type TDisplaySettings,
  type TNotificationSettings,
  type TSettings,
  type TUpdateSettingsRequest,
  type TUser,
} from '@helpdesk/contracts';
import { type AuditDetails, insertAuditEntry } from '../audit/queries.ts';
import type { RequestMeta } from '../client-ip.ts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import {
  insertDefaultSettingsIfMissing,
  type SmtpPasswordChange,
  selectSettings,
  selectSettingsForUpdate,
  selectSmtpPassword,
  updateSettings,
} from './queries.ts';

/** The settings in effect: the saved ones, or the defaults while nobody has saved any. */
export async function getSettings(db: Db = sql): Promise<TSettings> {
  return (await selectSettings(db)) ?? DEFAULT_SETTINGS;
}

/** What every signed-in user's screens format dates with. */
export async function getDisplaySettings(): Promise<TDisplaySettings> {
  const settings = await getSettings();
  return {
    timezone: settings.timezone,
    timeZone: SETTINGS_TIMEZONE_IANA[settings.timezone],
    language: settings.language,
    companyName: settings.companyName,
  };
}

/** Whether the desk offers desktop notifications to staff (the push notifications switch). */
export async function getNotificationSettings(): Promise<TNotificationSettings> {
  return { pushNotifications: (await getSettings()).pushNotifications };
}

/** The IANA zone of the desk's timezone setting (reports and date filters cut days in it). */
export async function currentTimeZone(db: Db = sql): Promise<string> {
  return SETTINGS_TIMEZONE_IANA[(await getSettings(db)).timezone];
}

/**
 * The settings plus the SMTP password, for the features that send mail or assign tickets
 * (docs/product.md#email). Never send this to a client.
 */
export async function getEffectiveSettings(
  db: Db = sql,
): Promise<TSettings & { timeZone: string; smtpPassword: string | null }> {
  const settings = await getSettings(db);
  return {
    ...settings,
    timeZone: SETTINGS_TIMEZONE_IANA[settings.timezone],
    smtpPassword: await selectSmtpPassword(db),
  };
}

const AUDITED_FIELDS = [
  'companyName',
  'companyEmail',
  'timezone',
  'language',
  'emailNotifications',
  'pushNotifications',
  'autoAssignment',
  'requireApproval',
  'reopenWindowDays',
  'requireTwoFactor',
  'smtpHost',
  'smtpPort',
  'smtpUsername',
] as const satisfies readonly (keyof TSettings & keyof TUpdateSettingsRequest)[];

function passwordChangeOf(input: TUpdateSettingsRequest): SmtpPasswordChange {
  if (input.smtpPassword === undefined) return { kind: 'keep' };
  if (input.smtpPassword === null) return { kind: 'clear' };
  return { kind: 'set', value: input.smtpPassword };
}

/**
 * Saves the whole settings form and writes one 'settings.updated' audit row with each changed
 * field's before and after, in one transaction. The SMTP password: a string sets it, null clears
 * it, absent keeps it; the audit row says only 'set' or 'cleared', never the value.
 */
export async function saveSettings(
  admin: TUser,
  input: TUpdateSettingsRequest,
  meta: RequestMeta,
): Promise<TSettings> {
  const { smtpPassword: _secret, ...fields } = input;
  const password = passwordChangeOf(input);
  return sql.begin(async (tx) => {
    await insertDefaultSettingsIfMissing(tx, DEFAULT_SETTINGS);
    const before = (await selectSettingsForUpdate(tx)) ?? DEFAULT_SETTINGS;
    const saved = await updateSettings(tx, fields, password, admin.id);
    const changes: Record<string, { from: string | number | boolean; to: string | number | boolean }> = {};
    for (const field of AUDITED_FIELDS) {
      if (before[field] !== saved[field]) changes[field] = { from: before[field], to: saved[field] };
    }
    const details: Record<string, AuditDetails[string]> = { changes };
    if (password.kind === 'set') details.smtpPassword = 'set';
    if (password.kind === 'clear' && before.smtpPasswordSet) details.smtpPassword = 'cleared';
    await insertAuditEntry(tx, {
      adminUserId: admin.id,
      action: 'settings.updated',
      targetUserId: null,
      details,
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent,
    });
    return saved;
  });
}
