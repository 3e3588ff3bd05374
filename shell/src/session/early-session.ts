/**
 * The signed-in page's first two reads (`GET /api/auth/me` and the desk's display settings), sent by the
 * entry script before the shared libraries download and start. The guard cannot render the page before
 * both have answered; asked from React they left only after start-up (about 2.2 s into a cold load with
 * the CPU slowed 4x, see docs/performance.md), the settings only after `me`'s answer was rendered, and a
 * skeleton pass came first. Sent here they have answered before React starts. Bootstrap hands the answers
 * to the QueryClient (seed-early-session.ts); nothing else reads them.
 *
 * This module runs in the entry chunk, before Module Federation has negotiated the shared modules, so it
 * imports none of them (not even the contracts' paths: early-session.test.ts compares the copies).
 */
export const EARLY_SESSION_PATHS = { me: '/api/auth/me', displaySettings: '/api/settings/display' } as const;

/** The sign-in, password and email-confirmation pages: they render without a session, or read `me` only to leave. */
const PAGES_WITHOUT_SESSION = new Set([
  '/login',
  '/register',
  '/admin',
  '/admin/forgot-password',
  '/admin/reset-password',
  '/forgot-password',
  '/reset-password',
  '/set-password',
  '/verify-email',
]);

export type TEarlySession = { me: Promise<Response>; displaySettings: Promise<Response> };

let pending: TEarlySession | null = null;

/** Whether the page at `pathname` renders the guarded layout, which waits for `me` and the settings. */
export function isSessionPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !PAGES_WITHOUT_SESSION.has(path);
}

/** Sends the early reads for a page that needs them; `takeEarlySession` hands them over once. */
export function startEarlySession(pathname: string, request: typeof fetch = fetch): void {
  if (!isSessionPage(pathname)) return;
  // Both at once: waiting for `me`'s answer before asking for the settings put the second request
  // behind the start-up code's evaluation (the main thread is busy for most of the first second). A
  // signed-out visitor gets a 401 for each; the settings' answer is then dropped (seed-early-session.ts).
  const init: RequestInit = { credentials: 'include' };
  pending = {
    me: request(EARLY_SESSION_PATHS.me, init),
    displaySettings: request(EARLY_SESSION_PATHS.displaySettings, init),
  };
  // Read by bootstrap; a failure is handled there (a network error on `me` is retried like any other).
  pending.me.catch(() => {});
  pending.displaySettings.catch(() => {});
}

/** The early reads, once (later calls answer null). */
export function takeEarlySession(): TEarlySession | null {
  const taken = pending;
  pending = null;
  return taken;
}
