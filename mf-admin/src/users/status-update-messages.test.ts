import { describe, expect, test } from 'bun:test';
import { SERVER_MESSAGES } from '@helpdesk/contracts';
import { ApiRequestError } from '@helpdesk/shared-ui';
import { statusUpdatedToast, statusUpdateFailedToast } from './status-update-messages.ts';

const errorBody = (code: string, message: string) => JSON.stringify({ code, message });

describe('status update toasts', () => {
  test('success names the change the admin made', () => {
    expect(statusUpdatedToast('active')).toEqual({
      title: 'User status updated',
      description: 'User has been approved successfully.',
    });
    expect(statusUpdatedToast('rejected')).toEqual({
      title: 'User status updated',
      description: 'User has been rejected successfully.',
    });
  });

  test("a refusal shows the server's message, destructively", () => {
    const error = new ApiRequestError(
      409,
      'Conflict',
      errorBody('CONFLICT', SERVER_MESSAGES.invalidStatusTransition),
    );
    expect(statusUpdateFailedToast(error)).toEqual({
      title: 'Error updating user status',
      description: SERVER_MESSAGES.invalidStatusTransition,
      variant: 'destructive',
    });
  });

  test('a failure without our error shape falls back to the spec text', () => {
    for (const error of [
      new ApiRequestError(502, 'Bad Gateway', 'upstream down'),
      new ApiRequestError(500, 'Internal Server Error', ''),
      new TypeError('Failed to fetch'),
      'not even an error',
    ]) {
      expect(statusUpdateFailedToast(error)).toEqual({
        title: 'Error updating user status',
        description: 'Failed to update user status. Please try again.',
        variant: 'destructive',
      });
    }
  });
});
