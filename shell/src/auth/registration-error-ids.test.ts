import { expect, test } from 'bun:test';
import { SERVER_MESSAGES } from '@helpdesk/contracts/constants';
import { ApiRequestError, registrationError } from '@helpdesk/shared-ui';
import english from './messages.en.json';
import { registrationErrorId } from './registration-error-ids.ts';

const apiError = (status: number, message: string) =>
  new ApiRequestError(status, 'Status', JSON.stringify({ code: 'X', message }));

test('each registration failure text has an id whose English is that very text', () => {
  const failures = [
    apiError(409, SERVER_MESSAGES.usernameExists),
    apiError(409, SERVER_MESSAGES.emailExists),
    apiError(400, SERVER_MESSAGES.passwordRequirements),
    apiError(400, SERVER_MESSAGES.invalidRegistration),
    apiError(500, SERVER_MESSAGES.internal),
  ];
  const ids = new Set<string>();
  for (const failure of failures) {
    const { message } = registrationError(failure);
    const id = registrationErrorId(message);
    expect(id).not.toBeNull();
    expect(id ? english[id] : null).toBe(message);
    if (id) ids.add(id);
  }
  expect(ids.size).toBe(failures.length);
});

test('a limit the server worded itself has no id and is shown as written', () => {
  expect(registrationErrorId('Registrations are closed on this desk.')).toBeNull();
  expect(registrationErrorId('constructor')).toBeNull();
});
