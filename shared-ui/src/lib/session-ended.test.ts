import { describe, expect, test } from 'bun:test';
import { API_PATHS, ERROR_CODES } from '@helpdesk/contracts/constants';
import { ApiRequestError } from './api-client.ts';
import { handleSessionEnded, loginRedirectUrl, UNAUTHORIZED_REDIRECT_DELAY_MS } from './session-ended.ts';
import { toastStore } from './toast.ts';

const refused = (status: number, code: string) =>
  new ApiRequestError(status, 'Refused', JSON.stringify({ code, message: 'x' }));

describe('handleSessionEnded', () => {
  test.each([
    [401, ERROR_CODES.unauthenticated],
    [403, ERROR_CODES.forbidden],
  ])('a %i toasts, then sends the browser to /api/login after 500 ms', async (status, code) => {
    toastStore.dismiss();
    const visits: string[] = [];
    expect(handleSessionEnded(refused(status, code), (url) => visits.push(url))).toBe(true);
    expect(toastStore.getState().toasts).toEqual([
      expect.objectContaining({
        title: 'Unauthorized',
        description: 'You are logged out. Logging in again...',
        variant: 'destructive',
        open: true,
      }),
    ]);
    expect(visits).toEqual([]);
    await Bun.sleep(UNAUTHORIZED_REDIRECT_DELAY_MS - 200);
    expect(visits).toEqual([]);
    await Bun.sleep(300);
    expect(visits).toEqual([API_PATHS.loginRedirect]);
  });

  test.each([
    ['a validation error', refused(400, ERROR_CODES.validation)],
    ['a missing object', refused(404, ERROR_CODES.notFound)],
    ['a conflict', refused(409, ERROR_CODES.conflict)],
    ['a server error', new ApiRequestError(500, 'Internal Server Error', '')],
    ['a network failure', new TypeError('Failed to fetch')],
    ['no error at all', null],
  ])('%s is left to the caller: no toast, no redirect', async (_, error) => {
    toastStore.dismiss();
    const visits: string[] = [];
    expect(handleSessionEnded(error, (url) => visits.push(url))).toBe(false);
    expect(toastStore.getState().toasts.some((t) => t.open)).toBe(false);
    await Bun.sleep(UNAUTHORIZED_REDIRECT_DELAY_MS + 50);
    expect(visits).toEqual([]);
  });

  test('carries the open page to /api/login, so signing in again returns there', async () => {
    toastStore.dismiss();
    const visits: string[] = [];
    const ended = refused(401, ERROR_CODES.unauthenticated);
    expect(handleSessionEnded(ended, (url) => visits.push(url), '/tickets/abc?tab=1#c')).toBe(true);
    await Bun.sleep(UNAUTHORIZED_REDIRECT_DELAY_MS + 50);
    expect(visits).toEqual(['/api/login?redirect=%2Ftickets%2Fabc%3Ftab%3D1%23c']);
  });

  test('an unsafe or missing page is left out of the sign-in redirect', () => {
    for (const path of ['//evil.example', 'https://evil.example', '/\\evil.example', null])
      expect(loginRedirectUrl(path)).toBe(API_PATHS.loginRedirect);
  });
});
