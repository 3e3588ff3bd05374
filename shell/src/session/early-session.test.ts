import { describe, expect, test } from 'bun:test';
import { ADMIN_API_PATHS, API_PATHS } from '@helpdesk/contracts/constants';
import { EARLY_SESSION_PATHS, isSessionPage, startEarlySession, takeEarlySession } from './early-session.ts';

describe('early session reads', () => {
  test('the entry script asks for the same paths as the contracts name', () => {
    expect(EARLY_SESSION_PATHS.me).toBe(API_PATHS.authMe);
    expect(EARLY_SESSION_PATHS.displaySettings).toBe(ADMIN_API_PATHS.displaySettings);
  });

  test('only pages under the guarded layout send them', () => {
    for (const path of ['/', '/dashboard', '/tickets', '/tickets/TKT-000001', '/admin/users', '/profile']) {
      expect(isSessionPage(path)).toBe(true);
    }
    for (const path of [
      '/login',
      '/register',
      '/admin',
      '/admin/',
      '/admin/forgot-password',
      '/admin/reset-password',
      '/verify-email',
    ]) {
      expect(isSessionPage(path)).toBe(false);
    }
  });

  test("everyone's password pages render without a session", () => {
    for (const path of ['/forgot-password', '/reset-password', '/set-password', '/set-password/']) {
      expect(isSessionPage(path)).toBe(false);
    }
  });

  test('both reads leave at once, with the cookie, and are handed over once', async () => {
    const requested: { url: string; credentials: RequestCredentials | undefined }[] = [];
    const request = (async (url: string | URL | Request, init?: RequestInit) => {
      requested.push({ url: String(url), credentials: init?.credentials });
      return new Response('{}', { status: 401 });
    }) as typeof fetch;
    startEarlySession('/dashboard', request);
    expect(requested).toEqual([
      { url: API_PATHS.authMe, credentials: 'include' },
      { url: ADMIN_API_PATHS.displaySettings, credentials: 'include' },
    ]);
    const early = takeEarlySession();
    expect((await early?.me)?.status).toBe(401);
    expect(takeEarlySession()).toBeNull();
  });

  test('a sign-in page sends nothing', () => {
    const requested: string[] = [];
    startEarlySession('/login', (async (url: string | URL | Request) => {
      requested.push(String(url));
      return new Response(null);
    }) as typeof fetch);
    expect(requested).toEqual([]);
    expect(takeEarlySession()).toBeNull();
  });
});
