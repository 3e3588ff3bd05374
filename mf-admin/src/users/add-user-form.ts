import '../zod-config.ts';
import {
  LIMITS,
  SERVER_MESSAGES,
  type TCreateUserRequest,
  type TUser,
  USER_ROLE_LABELS,
  ZCreateUserFields,
} from '@helpdesk/contracts';
import { fullName, type TToastInput } from '@helpdesk/shared-ui';
import { z } from 'zod';
import { formFailure, type TFormFailure } from '../feedback/mutation-failure.ts';

/**
 * The Add User dialog: the API's request plus a confirmation checked here and never sent (as at
 * registration). The password and its confirmation count only when no invitation is sent.
 */
export const ZAddUserForm = ZCreateUserFields.extend({
  password: z.string().max(LIMITS.passwordMaxBytes, 'Password is too long'),
  confirmPassword: z.string().max(LIMITS.passwordMaxBytes, 'Password is too long'),
  sendInvitation: z.boolean(),
}).superRefine((v, context) => {
  if (v.sendInvitation) return;
  if (v.password.length < LIMITS.passwordMin) {
    context.addIssue({
      code: 'custom',
      path: ['password'],
      message: 'Password must be at least 8 characters',
    });
  }
  if (v.confirmPassword === '') {
    context.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Please confirm your password' });
  } else if (v.password !== v.confirmPassword) {
    context.addIssue({ code: 'custom', path: ['confirmPassword'], message: "Passwords don't match" });
  }
});
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
export function addUserFailure(error: unknown): TFormFailure<TAddUserField> {
  return formFailure(error, {
    fieldNames: FIELD_NAMES,
    title: 'Error creating user',
    messageFields: [
      { message: SERVER_MESSAGES.usernameExists, field: 'username', text: 'This username is already taken.' },
      { message: SERVER_MESSAGES.emailExists, field: 'email', text: 'This email is already registered.' },
      {
        message: SERVER_MESSAGES.passwordRequirements,
        field: 'password',
        text: 'Password does not meet security requirements. Please choose a stronger password.',
      },
    ],
  });
}

/** The success toast: who was created and with which role (invited: once they set a password). */
export function userCreatedToast(user: TUser): TToastInput {
  const who = `${fullName(user)} (@${user.username})`;
  const role = USER_ROLE_LABELS[user.role];
  return {
    title: 'User created successfully',
    description: user.isInvited
      ? `${who} was invited as ${role}: they can sign in once they set a password from the email.`
      : `${who} can sign in now as ${role}.`,
  };
}
