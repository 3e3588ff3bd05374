import { describe, expect, test } from 'bun:test';
import {
  DEFAULT_SETTINGS,
  ERROR_CODES,
  SERVER_MESSAGES,
  SETTINGS_MESSAGES,
  ZUpdateSettingsRequest,
} from '@helpdesk/contracts';
import { ApiRequestError } from '@helpdesk/shared-ui';
import {
  saveSettingsFailure,
  settingsBody,
  smtpPasswordHint,
  type TSettingsFormInput,
  toFormValues,
  ZSettingsForm,
} from './settings-form.ts';

const defaults = toFormValues(DEFAULT_SETTINGS);

function firstMessages(input: TSettingsFormInput): Record<string, string> {
  const result = ZSettingsForm.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string> = {};
  for (const issue of result.error.issues) byField[String(issue.path[0])] ??= issue.message;
  return byField;
}

describe('toFormValues', () => {
  test('the defaults of the spec, the port as text and an empty password', () => {
    expect(defaults).toMatchObject({
      timezone: 'UTC',
      language: 'en',
      emailNotifications: true,
      pushNotifications: false,
      autoAssignment: true,
      requireApproval: false,
      smtpPort: '587',
      smtpPassword: '',
      clearSmtpPassword: false,
    });
  });
});

describe('validation', () => {
  test('the defaults are valid as they are', () => {
    expect(firstMessages(defaults)).toEqual({});
  });

  test('bad email and port get their messages', () => {
    expect(firstMessages({ ...defaults, companyEmail: 'not-an-email' })).toEqual({
      companyEmail: 'Please enter a valid email address',
    });
    expect(firstMessages({ ...defaults, smtpPort: '' })).toEqual({ smtpPort: 'SMTP port is required' });
    expect(firstMessages({ ...defaults, smtpPort: '25.5' })).toEqual({
      smtpPort: 'SMTP port must be a whole number',
    });
    expect(firstMessages({ ...defaults, smtpPort: '70000' })).toEqual({
      smtpPort: 'SMTP port must be between 1 and 65535',
    });
    expect(firstMessages({ ...defaults, smtpPort: '0' })).toEqual({
      smtpPort: 'SMTP port must be between 1 and 65535',
    });
  });

  test('an SMTP host with a scheme or spaces is refused', () => {
    expect(firstMessages({ ...defaults, smtpHost: 'smtp://mail.example.com' })).toEqual({
      smtpHost: 'SMTP host must be a host name or IP address',
    });
  });

  test('company email and host are trimmed; empty means not configured', () => {
    const parsed = ZSettingsForm.parse({
      ...defaults,
      companyEmail: '  ops@example.com ',
      smtpHost: ' mail.example.com ',
    });
    expect(parsed.companyEmail).toBe('ops@example.com');
    expect(parsed.smtpHost).toBe('mail.example.com');
    expect(ZSettingsForm.parse({ ...defaults, companyEmail: '   ' }).companyEmail).toBe('');
  });
});

describe('settingsBody', () => {
  const parse = (patch: Partial<TSettingsFormInput>) => ZSettingsForm.parse({ ...defaults, ...patch });

  test('an empty password field keeps the stored password (absent from the body)', () => {
    const body = settingsBody(parse({ smtpPort: '2525' }));
    expect('smtpPassword' in body).toBe(false);
    expect(body.smtpPort).toBe(2525);
    expect(ZUpdateSettingsRequest.safeParse(body).success).toBe(true);
  });

  test('a typed password is sent; clearing sends null even with text typed', () => {
    expect(settingsBody(parse({ smtpPassword: 's3cret' })).smtpPassword).toBe('s3cret');
    expect(settingsBody(parse({ smtpPassword: 's3cret', clearSmtpPassword: true })).smtpPassword).toBeNull();
  });

  test('the body is exactly what the API accepts, no form-only keys', () => {
    const body = settingsBody(parse({ companyName: 'Acme', requireApproval: true, smtpPassword: 'x' }));
    expect(ZUpdateSettingsRequest.parse(body)).toEqual(body);
    expect(Object.keys(body)).not.toContain('clearSmtpPassword');
  });
});

test('the password hint says whether one is stored', () => {
  expect(smtpPasswordHint(true, false)).toBe(SETTINGS_MESSAGES.smtpPasswordSetHint);
  expect(smtpPasswordHint(false, false)).toBe('No password is set.');
  expect(smtpPasswordHint(true, true)).toBe('The stored password will be removed when you save.');
});

test('a refused save shows field messages, else the failure toast', () => {
  const fields = new ApiRequestError(
    400,
    'Bad Request',
    JSON.stringify({
      code: ERROR_CODES.validation,
      message: SERVER_MESSAGES.validation,
      fields: { smtpPort: 'x' },
    }),
  );
  expect(saveSettingsFailure(fields)).toEqual({ kind: 'fields', fields: [['smtpPort', 'x']] });
  expect(saveSettingsFailure(new TypeError('Failed to fetch'))).toEqual({
    kind: 'toast',
    toast: { title: SETTINGS_MESSAGES.saveError, description: 'Please try again.', variant: 'destructive' },
  });
});

describe('the reopen window', () => {
  test('shown as text, sent as a number of days', () => {
    expect(defaults.reopenWindowDays).toBe('7');
    expect(
      settingsBody(ZSettingsForm.parse({ ...defaults, reopenWindowDays: ' 30 ' })).reopenWindowDays,
    ).toBe(30);
  });

  test.each([
    { typed: '', message: 'Reopen window is required' },
    { typed: '1.5', message: 'Reopen window must be a whole number' },
    { typed: '-1', message: 'Reopen window must be a whole number' },
    { typed: '366', message: 'Reopen window must be between 0 and 365 days' },
  ])('"$typed": $message', ({ typed, message }) => {
    expect(firstMessages({ ...defaults, reopenWindowDays: typed })).toEqual({ reopenWindowDays: message });
  });
});
