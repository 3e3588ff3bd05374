import '../zod-config.ts';
import {
  SETTINGS_LIMITS,
  type TSettings,
  type TUpdateSettingsRequest,
  ZUpdateSettingsRequest,
} from '@helpdesk/contracts';
import { z } from 'zod';
import { ownMessageText } from '../feedback/form-messages.ts';
import { formFailure, type TFormFailure } from '../feedback/mutation-failure.ts';
import { settingsEnglish, type TSettingsT } from './messages.ts';

const FIELDS = ZUpdateSettingsRequest.shape;

/** The form's own check messages (the contract's rules bring theirs). */
const OWN_MESSAGE_IDS = [
  'settings.reopenWindowRequired',
  'settings.reopenWindowWhole',
  'settings.smtpPortRequired',
  'settings.smtpPortWhole',
  'settings.smtpPasswordTooLong',
] as const;
type TOwnMessageId = (typeof OWN_MESSAGE_IDS)[number];

/** The form's own check messages in `t`'s language, for useAdminForm. */
export const settingsMessageText = (t: TSettingsT) => ownMessageText(OWN_MESSAGE_IDS, settingsEnglish, t);

/** A whole number typed as text (an input's value), then held to the API's own rule. */
const wholeNumberText = (messages: { required: TOwnMessageId; whole: TOwnMessageId }, rule: z.ZodNumber) =>
  z
    .string()
    .trim()
    .min(1, settingsEnglish(messages.required))
    .regex(/^\d+$/, settingsEnglish(messages.whole))
    .transform(Number)
    .pipe(rule);

/**
 * The Settings form: the API's rules, with the port and the reopen window typed as text (an input's value) and the
 * write-only password as '' = keep what is stored, or cleared with its own checkbox.
 */
export const ZSettingsForm = z.object({
  companyName: FIELDS.companyName,
  companyEmail: z.string().trim().pipe(FIELDS.companyEmail),
  timezone: FIELDS.timezone,
  language: FIELDS.language,
  emailNotifications: FIELDS.emailNotifications,
  pushNotifications: FIELDS.pushNotifications,
  autoAssignment: FIELDS.autoAssignment,
  requireApproval: FIELDS.requireApproval,
  requireTwoFactor: FIELDS.requireTwoFactor.unwrap(),
  smtpHost: FIELDS.smtpHost,
  reopenWindowDays: wholeNumberText(
    { required: 'settings.reopenWindowRequired', whole: 'settings.reopenWindowWhole' },
    FIELDS.reopenWindowDays.unwrap(),
  ),
  smtpPort: wholeNumberText(
    { required: 'settings.smtpPortRequired', whole: 'settings.smtpPortWhole' },
    FIELDS.smtpPort,
  ),
  smtpUsername: FIELDS.smtpUsername,
  smtpPassword: z
    .string()
    .max(SETTINGS_LIMITS.smtpPasswordMax, settingsEnglish('settings.smtpPasswordTooLong')),
  clearSmtpPassword: z.boolean(),
});
export type TSettingsFormInput = z.input<typeof ZSettingsForm>;
export type TSettingsFormOutput = z.output<typeof ZSettingsForm>;
export type TSettingsField = keyof TSettingsFormInput;

/** The form's values for stored settings: the password field always starts empty. */
export function toFormValues(settings: TSettings): TSettingsFormInput {
  return {
    companyName: settings.companyName,
    companyEmail: settings.companyEmail,
    timezone: settings.timezone,
    language: settings.language,
    emailNotifications: settings.emailNotifications,
    pushNotifications: settings.pushNotifications,
    autoAssignment: settings.autoAssignment,
    requireApproval: settings.requireApproval,
    requireTwoFactor: settings.requireTwoFactor,
    reopenWindowDays: String(settings.reopenWindowDays),
    smtpHost: settings.smtpHost,
    smtpPort: String(settings.smtpPort),
    smtpUsername: settings.smtpUsername,
    smtpPassword: '',
    clearSmtpPassword: false,
  };
}

/** The PUT body: every field; the password only when typed (set) or when clearing it (null). */
export function settingsBody(values: TSettingsFormOutput): TUpdateSettingsRequest {
  const { smtpPassword, clearSmtpPassword, ...rest } = values;
  if (clearSmtpPassword) return { ...rest, smtpPassword: null };
  if (smtpPassword !== '') return { ...rest, smtpPassword };
  return rest;
}

/** The hint under the password field: whether one is stored and what leaving it empty does. */
export function smtpPasswordHint(
  isSet: boolean,
  isClearing: boolean,
  t: TSettingsT = settingsEnglish,
): string {
  if (isClearing) return t('settings.smtpPasswordClearing');
  return isSet ? t('settings.smtpPasswordSetHint') : t('settings.smtpPasswordNotSet');
}

const FIELD_NAMES = Object.keys(ZSettingsForm.shape) as TSettingsField[];

/**
 * A refused save: the server's field messages under the fields, anything else the failure toast
 * (titled in `t`'s language, with `fallback` when the server sent no message).
 */
export function saveSettingsFailure(
  error: unknown,
  t: TSettingsT = settingsEnglish,
  fallback?: string,
): TFormFailure<TSettingsField> {
  return formFailure(error, { fieldNames: FIELD_NAMES, title: t('settings.saveError'), fallback });
}
