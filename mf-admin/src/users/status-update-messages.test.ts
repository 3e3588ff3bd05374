import { describe, expect, test } from 'bun:test';
import { SERVER_MESSAGES } from '@helpdesk/contracts';
import { ApiRequestError } from '@helpdesk/shared-ui';
import { isSessionExpired, statusUpdatedToast, statusUpdateFailedToast } from './status-update-messages.ts';

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

  test('only a 401 counts as an ended session; a 403 is shown as a refusal', () => {
    expect(
      isSessionExpired(new ApiRequestError(401, 'Unauthorized', errorBody('UNAUTHENTICATED', 'x'))),
    ).toBe(true);
    expect(isSessionExpired(new ApiRequestError(403, 'Forbidden', errorBody('FORBIDDEN', 'x')))).toBe(false);
    expect(isSessionExpired(new ApiRequestError(409, 'Conflict', ''))).toBe(false);
    expect(isSessionExpired(new Error('401: Unauthorized'))).toBe(false);
  });
});
