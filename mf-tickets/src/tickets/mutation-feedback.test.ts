import { describe, expect, test } from 'bun:test';
import { API_PATHS, WRITE_LIMIT_MESSAGES } from '@helpdesk/contracts';
import { ApiRequestError, toastStore, UNAUTHORIZED_REDIRECT_DELAY_MS } from '@helpdesk/shared-ui';
import { reportFailure, reportSuccess } from './mutation-feedback.ts';

const visible = () => toastStore.getState().toasts.find((t) => t.open);
const apiError = (status: number) =>
  new ApiRequestError(status, '', JSON.stringify({ code: 'X', message: 'server said no' }));

describe('ticket change feedback', () => {
  test('success toasts', () => {
    reportSuccess('update');
    expect(visible()).toMatchObject({ title: 'Success', description: 'Ticket updated successfully' });
    reportSuccess('comment');
    expect(visible()).toMatchObject({ title: 'Success', description: 'Comment added successfully' });
  });

  test('other failures toast Error with the action text', () => {
    reportFailure('update', apiError(500));
    expect(visible()).toMatchObject({
      title: 'Error',
      description: 'Failed to update ticket',
      variant: 'destructive',
    });
    reportFailure('comment', new TypeError('Failed to fetch'));
    expect(visible()).toMatchObject({ title: 'Error', description: 'Failed to add comment' });
  });

  test("a limit's refusal toasts Error with the server's text", () => {
    const message = WRITE_LIMIT_MESSAGES.tooManyComments(90);
    reportFailure(
      'comment',
      new ApiRequestError(429, '', JSON.stringify({ code: 'TOO_MANY_REQUESTS', message })),
    );
    expect(visible()).toMatchObject({
      title: 'Error',
      description: 'You have added too many comments in a short time. Please try again in 2 minutes.',
      variant: 'destructive',
    });
    reportFailure('update', new ApiRequestError(413, '', JSON.stringify({ code: 'X', message: 'too big' })));
    expect(visible()).toMatchObject({ title: 'Error', description: 'too big' });
    reportFailure('comment', apiError(400));
    expect(visible()).toMatchObject({ title: 'Error', description: 'Failed to add comment' });
  });

  test('401 and 403 say Unauthorized, then go to /api/login after 500 ms', async () => {
    for (const status of [401, 403]) {
      const visits: string[] = [];
      reportFailure('comment', apiError(status), (url) => visits.push(url));
      expect(visible()).toMatchObject({
        title: 'Unauthorized',
        description: 'You are logged out. Logging in again...',
      });
      expect(visits).toEqual([]);
      await Bun.sleep(UNAUTHORIZED_REDIRECT_DELAY_MS + 50);
      expect(visits).toEqual([API_PATHS.loginRedirect]);
    }
  });
});
