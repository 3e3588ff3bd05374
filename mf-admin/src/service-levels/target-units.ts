import { serviceLevelsEnglish, type TServiceLevelsT } from './messages.ts';

export const TARGET_UNITS = ['minutes', 'hours'] as const;
export type TTargetUnit = (typeof TARGET_UNITS)[number];

/** A target as the form shows it: a number as typed and its unit. */
export type TTargetInput = { amount: string; unit: TTargetUnit };

/** Hours from the API as the form shows them: whole hours stay hours, anything else is minutes (0.5 h: 30 minutes). */
export function targetInputOf(hours: number): TTargetInput {
  if (Number.isInteger(hours)) return { amount: String(hours), unit: 'hours' };
  return { amount: String(Math.round(hours * 60)), unit: 'minutes' };
}

/** What the form's number and unit mean in hours, the unit the API takes; blank or not a number is NaN. */
export function hoursOf({ amount, unit }: TTargetInput): number {
  const text = amount.trim();
  const value = text === '' ? Number.NaN : Number(text);
  return unit === 'minutes' ? value / 60 : value;
}

/** A target for a table cell: "4 h", "30 min", "1 h 30 min" (the units as `t`'s language writes them). */
export function targetText(hours: number, t: TServiceLevelsT = serviceLevelsEnglish): string {
  const minutes = Math.round(hours * 60);
  const whole = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (whole === 0) return t('policies.targetMinutes', { minutes: rest });
  return rest === 0
    ? t('policies.targetHours', { hours: whole })
    : t('policies.targetHoursMinutes', { hours: whole, minutes: rest });
}
