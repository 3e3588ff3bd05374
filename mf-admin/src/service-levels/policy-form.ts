import '../zod-config.ts';
import {
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  type TSlaPolicy,
  ZCreateSlaPolicyRequest,
} from '@helpdesk/contracts';
import { z } from 'zod';
import { hoursOf, TARGET_UNITS, targetInputOf } from './target-units.ts';

/** The select value for "no team" / "no category": a select option cannot be empty. */
export const ANY = 'any';
/** The select value for the built-in around-the-clock calendar (calendarId null). */
export const AROUND_THE_CLOCK = 'around-the-clock';

/**
 * The policy form: the targets are typed as a number and a unit, under the names the API gives
 * their hours, so the contract's messages about them land under the right inputs.
 */
const ZPolicyForm = z.object({
  name: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  teamId: z.string(),
  category: z.union([z.enum(TICKET_CATEGORIES), z.literal(ANY)]),
  responseTimeHours: z.string(),
  responseUnit: z.enum(TARGET_UNITS),
  resolutionTimeHours: z.string(),
  resolutionUnit: z.enum(TARGET_UNITS),
  calendarId: z.string(),
  isActive: z.boolean(),
});
export type TPolicyFormValues = z.input<typeof ZPolicyForm>;

/** The form's values as the request body, checked by the contract's own schema (same rules, same messages). */
export const ZPolicyFormRequest = ZPolicyForm.transform(
  (values): z.input<typeof ZCreateSlaPolicyRequest> => ({
    name: values.name,
    priority: values.priority,
    responseTimeHours: hoursOf({ amount: values.responseTimeHours, unit: values.responseUnit }),
    resolutionTimeHours: hoursOf({ amount: values.resolutionTimeHours, unit: values.resolutionUnit }),
    isActive: values.isActive,
    teamId: values.teamId === ANY ? null : values.teamId,
    category: values.category === ANY ? null : values.category,
    calendarId: values.calendarId === AROUND_THE_CLOCK ? null : values.calendarId,
  }),
).pipe(ZCreateSlaPolicyRequest);

/** The form's starting values: the policy's own, or a new active medium-priority policy with no calendar. */
export function policyFormValues(policy?: TSlaPolicy): TPolicyFormValues {
  const response = targetInputOf(policy?.responseTimeHours ?? 4);
  const resolution = targetInputOf(policy?.resolutionTimeHours ?? 24);
  return {
    name: policy?.name ?? '',
    priority: policy?.priority ?? 'medium',
    teamId: policy?.teamId ?? ANY,
    category: policy?.category ?? ANY,
    responseTimeHours: policy ? response.amount : '',
    responseUnit: response.unit,
    resolutionTimeHours: policy ? resolution.amount : '',
    resolutionUnit: resolution.unit,
    calendarId: policy?.calendarId ?? AROUND_THE_CLOCK,
    isActive: policy?.isActive ?? true,
  };
}
