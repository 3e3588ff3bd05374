import '../zod-config.ts';
import {
  LIMITS,
  SERVER_MESSAGES,
  type TCreateUserRequest,
  type TUser,
  type TUserRole,
  ZCreateUserFields,
} from '@helpdesk/contracts';
import { fullName, type TToastInput } from '@helpdesk/shared-ui';
import { z } from 'zod';
import { formFailure, type TFormFailure } from '../feedback/mutation-failure.ts';
import { type TUserFormsT, userFormsEnglish } from './forms/messages.ts';

/** The message id of each role's name in the forms. */
export const FORM_ROLE_LABEL_IDS = {
  admin: 'userForms.roleAdmin',
  agent: 'userForms.roleAgent',
  end_user: 'userForms.roleEndUser',
} as const satisfies Record<TUserRole, string>;

/**
 * The Add User dialog: the API's request plus a confirmation checked here and never sent (as at
 * registration). The password and its confirmation count only when no invitation is sent. The
 * messages this form adds are in the reader's language; the request's own come from contracts.
 */
export function addUserFormSchema(t: TUserFormsT = userFormsEnglish) {
  return ZCreateUserFields.extend({
    password: z.string().max(LIMITS.passwordMaxBytes, t('userForms.passwordTooLong')),
    confirmPassword: z.string().max(LIMITS.passwordMaxBytes, t('userForms.passwordTooLong')),
    sendInvitation: z.boolean(),
  }).superRefine((v, context) => {
    if (v.sendInvitation) return;
    if (v.password.length < LIMITS.passwordMin) {
      context.addIssue({ code: 'custom', path: ['password'], message: t('userForms.passwordTooShort') });
    }
    if (v.confirmPassword === '') {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: t('userForms.confirmMissing') });
    } else if (v.password !== v.confirmPassword) {
      context.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: t('userForms.passwordsDiffer'),
      });
    }
  });
}
export const ZAddUserForm = addUserFormSchema();
export type TAddUserFormInput = z.input<typeof ZAddUserForm>;
export type TAddUserFormOutput = z.output<typeof ZAddUserForm>;
export type TAddUserField = keyof TAddUserFormInput;

/** Agents are who an admin adds most (end users register themselves), so the role starts there. */
export const ADD_USER_DEFAULTS: TAddUserFormInput = {
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  role: 'agent',
  sendInvitation: false,
};

const FIELD_NAMES = Object.keys(ADD_USER_DEFAULTS) as TAddUserField[];

/** The POST body: everything but the confirmation; an invitation carries no password. */
export function createUserBody(values: TAddUserFormOutput): TCreateUserRequest {
  const { confirmPassword: _confirmation, password, sendInvitation, ...body } = values;
  return sendInvitation ? { ...body, sendInvitation: true } : { ...body, password };
}

/** A refused Add User: taken names and weak passwords under their fields, anything else a toast. */
export function addUserFailure(
  error: unknown,
  t: TUserFormsT = userFormsEnglish,
): TFormFailure<TAddUserField> {
  return formFailure(error, {
    fieldNames: FIELD_NAMES,
    title: t('userForms.createFailedTitle'),
    messageFields: [
      { message: SERVER_MESSAGES.usernameExists, field: 'username', text: t('userForms.usernameTaken') },
      { message: SERVER_MESSAGES.emailExists, field: 'email', text: t('userForms.emailTaken') },
      {
        message: SERVER_MESSAGES.passwordRequirements,
        field: 'password',
        text: t('userForms.passwordWeak'),
      },
    ],
  });
}

/** The success toast: who was created and with which role (invited: once they set a password). */
export function userCreatedToast(user: TUser, t: TUserFormsT = userFormsEnglish): TToastInput {
  const values = { name: fullName(user), username: user.username, role: t(FORM_ROLE_LABEL_IDS[user.role]) };
  return {
    title: t('userForms.createdTitle'),
    description: user.isInvited
      ? t('userForms.createdInvited', values)
      : t('userForms.createdActive', values),
  };
}
