import { describe, expect, test } from 'bun:test';
import { ERROR_CODES, SERVER_MESSAGES, USER_ADMIN_MESSAGES } from '@helpdesk/contracts';
import { sampleUser } from '@helpdesk/contracts/testing';
import { ApiRequestError } from '@helpdesk/shared-ui';
import {
  ADD_USER_DEFAULTS,
  addUserFailure,
  createUserBody,
  userCreatedToast,
  ZAddUserForm,
} from './add-user-form.ts';

const valid = {
  ...ADD_USER_DEFAULTS,
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada.l',
  email: 'ada@example.com',
  password: 'Str0ng!pass',
  confirmPassword: 'Str0ng!pass',
};

function messages(input: Record<string, unknown>): Record<string, string> {
  const result = ZAddUserForm.safeParse(input);
  if (result.success) return {};
  // The first message per field, as the form shows it.
  const byField: Record<string, string> = {};
  for (const issue of result.error.issues) byField[String(issue.path[0])] ??= issue.message;
  return byField;
}

const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  new ApiRequestError(status, 'x', JSON.stringify(fields ? { code, message, fields } : { code, message }));

describe('the Add User form', () => {
  test('the defaults start as an agent', () => {
    expect(ADD_USER_DEFAULTS.role).toBe('agent');
  });

  test('uses the registration rules and messages', () => {
    expect(messages({ ...ADD_USER_DEFAULTS })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      username: 'Username must be at least 3 characters',
      email: 'Invalid email address',
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Please confirm your password',
    });
    expect(messages({ ...valid, username: 'x'.repeat(51) })).toEqual({
      username: 'Username must be less than 50 characters',
    });
  });

  test('passwords must match, shown on the confirmation', () => {
    expect(messages({ ...valid, confirmPassword: 'Other1!pass' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });

  test('a role outside the three is refused', () => {
    expect(Object.keys(messages({ ...valid, role: 'superuser' }))).toEqual(['role']);
  });

  test('the body leaves out the confirmation', () => {
    const parsed = ZAddUserForm.parse({ ...valid, role: 'admin' });
    expect(createUserBody(parsed)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada.l',
      email: 'ada@example.com',
      password: 'Str0ng!pass',
      role: 'admin',
    });
  });
});

describe('addUserFailure', () => {
  test('a taken username or email goes under its field', () => {
    expect(addUserFailure(apiError(409, ERROR_CODES.conflict, SERVER_MESSAGES.usernameExists))).toEqual({
      kind: 'fields',
      fields: [['username', 'This username is already taken.']],
    });
    expect(addUserFailure(apiError(409, ERROR_CODES.conflict, SERVER_MESSAGES.emailExists))).toEqual({
      kind: 'fields',
      fields: [['email', 'This email is already registered.']],
    });
  });

  test("the server's field messages go under the fields", () => {
    const error = apiError(400, ERROR_CODES.validation, SERVER_MESSAGES.validation, {
      email: 'Invalid email address',
    });
    expect(addUserFailure(error)).toEqual({ kind: 'fields', fields: [['email', 'Invalid email address']] });
  });

  test('a refusal without fields is a toast with the server message', () => {
    const error = apiError(403, ERROR_CODES.forbidden, SERVER_MESSAGES.forbidden);
    expect(addUserFailure(error)).toEqual({
      kind: 'toast',
      toast: { title: 'Error creating user', description: SERVER_MESSAGES.forbidden, variant: 'destructive' },
    });
  });
});

test('the success toast names the user and the role', () => {
  const user = sampleUser({
    username: 'ada.l',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
  });
  expect(userCreatedToast(user)).toEqual({
    title: USER_ADMIN_MESSAGES.userCreated,
    description: 'Ada Lovelace (@ada.l) can sign in now as Agent.',
  });
});
