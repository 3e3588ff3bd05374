import { describe, expect, test } from 'bun:test';
import { ERROR_CODES, SERVER_MESSAGES, TEAM_MESSAGES } from '@helpdesk/contracts';
import { ApiRequestError } from '@helpdesk/shared-ui';
import { failureToast, formFailure } from './mutation-failure.ts';

const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  new ApiRequestError(status, 'x', JSON.stringify(fields ? { code, message, fields } : { code, message }));

const FIELDS = ['name', 'description'] as const;

describe('formFailure', () => {
  test('server field messages go under the fields this form has, others are dropped', () => {
    const error = apiError(400, ERROR_CODES.validation, SERVER_MESSAGES.validation, {
      name: 'Team name is required',
      role: 'not a form field',
    });
    expect(formFailure(error, { fieldNames: FIELDS, title: 'T' })).toEqual({
      kind: 'fields',
      fields: [['name', 'Team name is required']],
    });
  });

  test('a pinned server message lands under its field, with its own text when given', () => {
    const error = apiError(409, ERROR_CODES.conflict, TEAM_MESSAGES.nameExists);
    expect(
      formFailure(error, {
        fieldNames: FIELDS,
        title: 'T',
        messageFields: [{ message: TEAM_MESSAGES.nameExists, field: 'name' }],
      }),
    ).toEqual({ kind: 'fields', fields: [['name', TEAM_MESSAGES.nameExists]] });
    expect(
      formFailure(error, {
        fieldNames: FIELDS,
        title: 'T',
        messageFields: [{ message: TEAM_MESSAGES.nameExists, field: 'name', text: 'Pick another name' }],
      }),
    ).toEqual({ kind: 'fields', fields: [['name', 'Pick another name']] });
  });

  test('anything else is a toast with the server message or a fallback', () => {
    const refused = apiError(403, ERROR_CODES.forbidden, SERVER_MESSAGES.forbidden);
    expect(formFailure(refused, { fieldNames: FIELDS, title: 'Error creating team' })).toEqual({
      kind: 'toast',
      toast: { title: 'Error creating team', description: SERVER_MESSAGES.forbidden, variant: 'destructive' },
    });
    expect(formFailure(new TypeError('Failed to fetch'), { fieldNames: FIELDS, title: 'E' })).toEqual({
      kind: 'toast',
      toast: { title: 'E', description: 'Please try again.', variant: 'destructive' },
    });
  });
});

test('failureToast falls back when the error carries no server message', () => {
  expect(
    failureToast('Error adding members', new ApiRequestError(502, 'Bad Gateway', ''), 'Try later.'),
  ).toEqual({ title: 'Error adding members', description: 'Try later.', variant: 'destructive' });
});
