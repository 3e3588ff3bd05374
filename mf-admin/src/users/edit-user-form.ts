import '../zod-config.ts';
import { LIMITS, SERVER_MESSAGES, type TUpdateUserRequest, type TUser } from '@helpdesk/contracts';
import { z } from 'zod';
import { formFailure, type TFormFailure } from '../feedback/mutation-failure.ts';
import { type TUserFormsT, userFormsEnglish } from './forms/messages.ts';

/** The edit dialog: every field shown and required, with the registration's rules and messages. */
export function editUserFormSchema(t: TUserFormsT = userFormsEnglish) {
  return z.object({
    firstName: z.string().trim().min(1, t('userForms.firstNameRequired')).max(LIMITS.personNameMax),
    lastName: z.string().trim().min(1, t('userForms.lastNameRequired')).max(LIMITS.personNameMax),
    email: z.email(t('userForms.invalidEmail')).max(LIMITS.emailMax, t('userForms.invalidEmail')),
  });
}
export const ZEditUserForm = editUserFormSchema();
export type TEditUserForm = z.infer<typeof ZEditUserForm>;
type TEditUserField = keyof TEditUserForm;

/** The form starts from the user as listed. */
export function editUserDefaults(user: Pick<TUser, 'firstName' | 'lastName' | 'email'>): TEditUserForm {
  return { firstName: user.firstName, lastName: user.lastName, email: user.email };
}

/** The PATCH body: only what changed (a new letter case of the address is a change of its text only). */
export function editUserBody(user: TEditUserForm, values: TEditUserForm): TUpdateUserRequest | null {
  const changed = (Object.keys(values) as TEditUserField[]).filter((key) => values[key] !== user[key]);
  if (changed.length === 0) return null;
  return Object.fromEntries(changed.map((key) => [key, values[key]]));
}

/** A refused edit: a taken address under the email field, field messages under theirs, else a toast. */
export function editUserFailure(
  error: unknown,
  t: TUserFormsT = userFormsEnglish,
): TFormFailure<TEditUserField> {
  return formFailure(error, {
    fieldNames: ['firstName', 'lastName', 'email'],
    title: t('userForms.updateFailedTitle'),
    messageFields: [
      { message: SERVER_MESSAGES.emailExists, field: 'email', text: t('userForms.emailTaken') },
    ],
  });
}
