import { describe, expect, test } from 'bun:test';
import { ERROR_CODES, KB_REVISION_MESSAGES, type TKbEditConflict } from '@helpdesk/contracts';
import { ApiRequestError } from '@helpdesk/shared-ui';
import { editConflictOf } from './use-edit-conflict.tsx';

const current: TKbEditConflict['details']['current'] = {
  number: 3,
  createdAt: '2026-11-20T10:00:00.000Z',
  editor: { id: '6c1f1f3e-9d7b-4a57-b1c6-0d6a3c2e5f10', firstName: 'Ada', lastName: 'Agent' },
  changedFields: ['content'],
  restoredFrom: null,
  title: 'Title',
  content: 'Their body',
};

const answer = (status: number, body: unknown) =>
  new ApiRequestError(status, 'Conflict', JSON.stringify(body));

describe('editConflictOf', () => {
  test('a 409 edit conflict gives the saved revision', () => {
    const error = answer(409, {
      code: ERROR_CODES.conflict,
      message: KB_REVISION_MESSAGES.editConflict,
      fields: { baseRevision: 'Revision 3 is the current one' },
      details: { current },
    });
    expect(editConflictOf(error)).toEqual(current);
  });

  test('any other failure is not a conflict', () => {
    expect(editConflictOf(answer(409, { code: ERROR_CODES.conflict, message: 'Taken' }))).toBeNull();
    expect(
      editConflictOf(answer(400, { code: ERROR_CODES.validation, message: 'x', details: { current } })),
    ).toBeNull();
    expect(editConflictOf(new Error('offline'))).toBeNull();
  });
});
