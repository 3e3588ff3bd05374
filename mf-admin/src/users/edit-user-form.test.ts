import { describe, expect, test } from 'bun:test';
import { ERROR_CODES, SERVER_MESSAGES } from '@helpdesk/contracts';
import { ApiRequestError } from '@helpdesk/shared-ui';
import { editUserBody, editUserFailure, ZEditUserForm } from './edit-user-form.ts';

const user = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

describe('the edit user form', () => {
  test('names are required and the address must be one', () => {
    const result = ZEditUserForm.safeParse({ firstName: ' ', lastName: '', email: 'nope' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['firstName', 'First name is required'],
      ['lastName', 'Last name is required'],
      ['email', 'Invalid email address'],
    ]);
  });

  test('the body holds only what changed; nothing changed sends nothing', () => {
    expect(editUserBody(user, { ...user, lastName: 'King' })).toEqual({ lastName: 'King' });
    expect(editUserBody(user, user)).toBeNull();
  });

  test('a taken address goes under the email field', () => {
    const error = new ApiRequestError(
      409,
      'x',
      JSON.stringify({ code: ERROR_CODES.conflict, message: SERVER_MESSAGES.emailExists }),
    );
    expect(editUserFailure(error)).toEqual({
      kind: 'fields',
      fields: [['email', 'This email is already registered.']],
    });
  });
});
