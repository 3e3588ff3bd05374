import { describe, expect, test } from 'bun:test';
import { SERVER_MESSAGES } from '@helpdesk/contracts/constants';
import { ApiRequestError } from '@helpdesk/shared-ui';
import english from './messages.en.json';
import { signInErrorId, signInErrorText } from './sign-in-error.ts';

const apiError = (status: number, message: string, code = 'X') =>
  new ApiRequestError(status, 'Status', JSON.stringify({ code, message }));

describe('signInErrorText', () => {
  test('follows the catalogue for pending, rejected and wrong credentials', () => {
    expect(signInErrorText(apiError(403, SERVER_MESSAGES.accountPending))).toBe(
      'Your account is pending approval. Please wait for admin approval.',
    );
    expect(signInErrorText(apiError(403, SERVER_MESSAGES.accountRejected))).toBe(
      'Your account has been rejected. Please contact support.',
    );
    expect(signInErrorText(apiError(401, SERVER_MESSAGES.invalidCredentials))).toBe(
      'Invalid username or password.',
    );
    expect(signInErrorText(new TypeError('Failed to fetch'))).toBe('Invalid username or password.');
  });

  test('throttling says so instead of blaming the password', () => {
    expect(signInErrorText(apiError(429, SERVER_MESSAGES.tooManyAttempts))).toBe(
      SERVER_MESSAGES.tooManyAttempts,
    );
    expect(signInErrorText(new ApiRequestError(429, 'Too Many Requests', ''))).toBe(
      'Too many attempts. Please try again later.',
    );
  });
});

describe('signInErrorId', () => {
  test('names each sign-in failure text by an id whose English is that very text', () => {
    const failures = [
      apiError(403, SERVER_MESSAGES.accountPending),
      apiError(403, SERVER_MESSAGES.accountRejected),
      apiError(401, 'This account uses OAuth'),
      apiError(401, SERVER_MESSAGES.invalidCredentials),
      apiError(429, SERVER_MESSAGES.tooManyAttempts),
      new ApiRequestError(429, 'Too Many Requests', ''),
    ];
    for (const failure of failures) {
      const text = signInErrorText(failure);
      const id = signInErrorId(text);
      expect(id).not.toBeNull();
      expect(id ? english[id] : null).toBe(text);
    }
  });

  test('a throttle text the server wrote itself has no id and is shown as written', () => {
    expect(signInErrorId('Too many sign-in attempts from this network. Try again in 5 minutes.')).toBeNull();
    expect(signInErrorId('toString')).toBeNull();
  });
});
