import '../zod-config.ts';
import {
  SERVER_MESSAGES,
  type TCreateUserRequest,
  type TUser,
  USER_ROLE_LABELS,
  ZCreateUserRequest,
} from '@helpdesk/contracts';
import { fullName, type TToastInput } from '@helpdesk/shared-ui';
import { z } from 'zod';
import { formFailure, type TFormFailure } from '../feedback/mutation-failure.ts';

/** The Add User dialog: the API's request plus a confirmation checked here and never sent (as at registration). */
export const ZAddUserForm = ZCreateUserRequest.extend({
  confirmPassword: z.string().min(1, 'Please confirm your password'),
}).refine((v) => v.password === v.confirmPassword, {
  message: "Passwords don't match",
  path: ['confirmPassword'],
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
};

const FIELD_NAMES = Object.keys(ADD_USER_DEFAULTS) as TAddUserField[];

/** The POST body: everything but the confirmation. */
export function createUserBody(values: TAddUserFormOutput): TCreateUserRequest {
  const { confirmPassword: _confirmation, ...body } = values;
  return body;
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

/** The success toast: who was created and with which role. */
export function userCreatedToast(user: TUser): TToastInput {
  return {
    title: 'User created successfully',
    description: `${fullName(user)} (@${user.username}) can sign in now as ${USER_ROLE_LABELS[user.role]}.`,
  };
}
